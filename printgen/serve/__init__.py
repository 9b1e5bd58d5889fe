"""`printgen serve`: a local web page that builds class kits, for teachers who never open a terminal.

app.py (routes and pages), form.py (the choices, checked as the CLI checks them), uploads.py (a fleet
sent from the browser, unpacked safely), jobs.py (each build a `printgen kit` process in its own folder)."""
