"""The web page: routes from the form to a build, its progress, its preview and its downloads.

Pages are jinja2 templates (templates/serve/, autoescaped); the page works without JavaScript
(a form post, then a page that reloads itself while the kit is drawn); serve.js only polls."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import shutil
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from printgen import paths
from printgen.i18n import LANG, LANGS, _, ngettext, using
from printgen.serve import form as f
from printgen.serve import lang as pagelang
from printgen.serve.jobs import KEEP_AFTER_DOWNLOAD, KEEP_IDLE, Build, Builds, Busy
from printgen.serve.uploads import MAX_FILE_BYTES, MAX_FILES, MAX_REQUEST_BYTES, Upload, UploadRefused, save_fleet

STATIC = {"serve.css": "text/css", "serve.js": "text/javascript"}
HEADERS = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "Cache-Control": "no-store"}
SHOWN = 10                      # thumbnails shown at once; a longer document folds the rest away
STATUS = {"running": 200, "done": 200, "check-failed": 500, "cancelled": 200, "invalid": 422,
          "crashed": 500, "timed-out": 500}


# The page's path, for its language links
HERE: contextvars.ContextVar[str] = contextvars.ContextVar("here", default="/")


def create_app(builds: Builds | None = None, hosts: list[str] | None = None, lang: str = "en") -> Starlette:
    """The app; `hosts`: the Host headers to answer (the names of this computer), against DNS rebinding;
    `lang`: the page's language when neither the teacher nor the browser chooses one."""
    builds = builds or Builds()
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(paths.templates_dir() / "serve"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             extensions=["jinja2.ext.i18n"])
    # newstyle: a message's values are escaped as they go in (autoescape), the message is the catalogue's
    env.install_gettext_callables(gettext=_, ngettext=ngettext,  # type: ignore[attr-defined]
                                  newstyle=True)
    # data's own words (a scenario's title, a choice's label): a plain string, escaped like any value
    # (`_()` in a template returns markup, for the catalogue's own messages only)
    env.globals["tr"] = lambda text: str(_(str(text)))

    def page(name: str, status: int = 200, **context) -> HTMLResponse:
        html = env.get_template(name).render(lang=LANG.get(), langs=pagelang.OWN_NAMES, here=HERE.get(), **context)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    def localized(handler):
        """The handler in the page's language: the teacher's choice (?lang=, kept in a cookie), else the browser's."""
        async def run(request: Request) -> Response:
            with using(language(request)):
                HERE.set(request.url.path if request.method == "GET" else "/")
                response = await handler(request)
            if request.query_params.get("lang") in LANGS:
                response.set_cookie(pagelang.COOKIE, request.query_params["lang"], max_age=pagelang.YEAR,
                                    httponly=True, samesite="lax")
            return response
        return run

    def language(request: Request) -> str:
        return pagelang.chosen(request.query_params.get("lang"), request.cookies.get(pagelang.COOKIE),
                               request.headers.get("accept-language"), lang)

    def in_context(func, *args):
        """`func(*args)` on a worker thread, in this request's language."""
        return run_in_threadpool(contextvars.copy_context().run, func, *args)

    def message(status: int, title: str, text: str) -> HTMLResponse:
        return page("message.html.j2", status, title=title, text=text)

    def the_form(kit: f.KitForm | None = None, status: int = 200, kept: Build | None = None,
                 game: list[str] | None = None) -> HTMLResponse:
        """The form, with what the teacher chose and every problem by its field; `kept`: a refused build
        whose uploaded fleet the next post may use again (a browser does not keep chosen files)."""
        kit = kit or f.KitForm(f.first_values())
        return page("form.html.j2", status, v=kit.values, errors=kit.errors, catalogue=f.catalogue(),
                    editions=f.EDITIONS, papers=f.PAPERS, units=f.UNITS, balances=f.BALANCES, upload=f.UPLOAD,
                    names=f.NAMES, max_files=MAX_FILES, max_mb=MAX_FILE_BYTES / 1e6, kept=kept, game=game,
                    kit_langs=pagelang.OWN_NAMES, number=pagelang.number)

    def foreign(request: Request) -> Response | None:
        """A form posted by another web site (the browser says so in Origin) is refused."""
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host', '')}":
            return message(403, _("Refused"), _("This form was sent from another web site."))
        return None

    def find(request: Request) -> Build:
        build = builds.get(request.path_params["id"])
        if build is None:
            raise LookupError
        return build

    async def index(request: Request) -> Response:
        return the_form()

    async def start(request: Request) -> Response:
        if refused := foreign(request):
            return refused
        length = request.headers.get("content-length")
        if length is None or not length.isdigit():
            return message(411, _("Send the form again"), _("The form arrived without its length."))
        if int(length) > MAX_REQUEST_BYTES:
            return message(413, _("Too much to upload"),
                           _("The form and its files came to %(size)s bytes; the limit is %(limit)s. A fleet folder "
                             "(%(ships)s, scenario.toml) is much smaller.")
                           % {"size": pagelang.count(int(length)), "limit": pagelang.count(MAX_REQUEST_BYTES),
                              "ships": "ships.csv"})
        try:
            async with request.form(max_files=50, max_fields=50) as data:
                kit = f.read_form({k: v for k, v in data.items() if isinstance(v, str)})
                uploads = [Upload(u.filename or "", await u.read(MAX_FILE_BYTES + 1))
                           for u in data.getlist("fleet") if not isinstance(u, str)]
                previous = builds.get(str(data.get("previous") or ""))      # a refused build's fleet
        except ClientDisconnect:                  # gone, or cut off for sending too slowly (serve/server.py)
            return Response(status_code=400)
        kept = previous if previous is not None and previous.fleet is not None else None
        if kit.errors:
            return the_form(kit, 422, kept)
        try:
            folder = builds.new_folder()          # counted as a build from here: before any work
        except Busy as e:
            return message(503, _("printgen is busy"), _("%(why)s; try again in a minute.") % {"why": e.said()})
        try:
            return await _start(kit, uploads, folder, kept)
        finally:
            builds.release(folder)                # nothing if its build started

    choosing = asyncio.Semaphore(1)          # one lesson search at a time: it keeps a core busy for seconds

    async def game(request: Request) -> Response:
        """The lesson's game and its balance, before anything is built: the form again, with them shown.
        A built-in battle only (an uploaded fleet is read when its kit is built: its plays page says)."""
        if refused := foreign(request):
            return refused
        length = request.headers.get("content-length")
        if length is None or not length.isdigit() or int(length) > MAX_REQUEST_BYTES:
            return message(413, _("Send the form again"), _("The form arrived without its length, or too large."))
        try:
            async with request.form(max_files=50, max_fields=50) as data:     # the fields; files are left unread
                kit = f.read_form({k: v for k, v in data.items() if isinstance(v, str)})
        except ClientDisconnect:
            return Response(status_code=400)
        if kit.upload:
            kit.add("fleet", _("The game of your own fleet is shown once its kit is built, on its page "
                               "“How this scenario plays”: build the kit"))
        if kit.errors:
            return the_form(kit, 422)
        if choosing.locked():
            return message(503, _("printgen is busy"), _("Another game is being chosen; try again in a moment."))
        async with choosing:
            plan = await in_context(f.validate, kit, kit.values["scenario"])
        if plan is None:
            return the_form(kit, 422)
        return the_form(kit, game=f.the_game(plan))

    async def _start(kit: f.KitForm, uploads: list[Upload], folder: Path, kept: Build | None) -> Response:
        fleet = None
        if kit.upload and kept is not None and not any(u.filename or u.data for u in uploads):
            fleet = folder / kept.fleet.name              # the fleet uploaded with the refused build, again
            shutil.copytree(kept.fleet, fleet, symlinks=True)
        elif kit.upload:
            try:
                fleet = save_fleet(uploads, folder)
            except UploadRefused as e:
                for problem in e.problems:
                    kit.add("fleet", problem)
        scenario = str(fleet) if fleet else kit.values["scenario"]
        plan = None if kit.errors else await in_context(f.validate, kit, scenario)
        if kit.errors or plan is None:
            return the_form(kit, 422, kept)
        v = kit.values
        from printgen.game.materials import print_counts

        # an uploaded fleet is named "./folder", so the kit's manifest points beside it, as in the zip
        build = builds.start(folder, f"./{fleet.name}" if fleet else scenario, kit.request(scenario).cli_args(),
                             title=plan.scenario.title, summary=(len(plan.captains), len(plan.scenario.fleet.ships)),
                             fleet=fleet,
                             name=fleet.name if fleet else scenario, values=dict(v),
                             advice={r.kind: r.advice for r in plan.documents()},
                             counts=await in_context(print_counts, plan))
        return RedirectResponse(f"/build/{build.id}", status_code=303)

    async def show(request: Request) -> Response:
        build = find(request)
        if build.state == "invalid" and build.values:      # refused once started: the form again, as it was
            kit = f.KitForm(dict(build.values), f.from_kit(build.errors(), build.fleet is not None))
            return the_form(kit, 422, build if build.fleet is not None else None)
        context = dict(b=build, summary=f.summary(build.summary, build.values),
                       progress=f.progress_words(build.progress()), keep_idle=int(KEEP_IDLE // 60),
                       keep_after=int(KEEP_AFTER_DOWNLOAD // 60), shown=SHOWN)
        if build.state == "done":
            await run_in_threadpool(build.zip_path)        # made now: its size is the download's
            context |= preview(build)
        return page("build.html.j2", STATUS[build.state], **context)

    async def status(request: Request) -> Response:
        return JSONResponse(f.progress_words(find(request).progress()), headers={"Cache-Control": "no-store"})

    async def cancel(request: Request) -> Response:
        if refused := foreign(request):
            return refused
        builds.cancel(find(request))
        return RedirectResponse(f"/build/{request.path_params['id']}", status_code=303)

    async def delete(request: Request) -> Response:
        if refused := foreign(request):
            return refused
        builds.delete(find(request))
        return RedirectResponse("/", status_code=303)

    async def download_zip(request: Request) -> Response:
        build = find(request)
        if build.state != "done":
            return message(409, _("The kit is not ready"), _("Wait for the build to finish."))
        path = await run_in_threadpool(build.zip_path)
        builds.mark_downloaded(build)
        return FileResponse(path, media_type="application/zip", filename=path.name, headers=HEADERS)

    async def document(request: Request) -> Response:
        build = find(request)
        name = request.path_params["name"]
        if build.state != "done" or name not in {d["path"] for d in build.manifest()["documents"]}:
            raise LookupError
        return FileResponse(build.kit / name, media_type="application/pdf", filename=name, headers=HEADERS,
                            content_disposition_type="inline")

    async def handout(request: Request) -> Response:
        """A page of the kit's html/ (the documents as web pages, the first turn's slides, their stylesheets
        and the slides' script, printgen's own), as the kit lists it."""
        build = find(request)
        name = "html/" + request.path_params["name"]
        kinds = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8"}
        suffix = Path(name).suffix
        if build.state != "done" or suffix not in kinds or name not in build.manifest().get("files", []):
            raise LookupError
        return FileResponse(build.kit / name, media_type=kinds[suffix], headers=HEADERS,
                            content_disposition_type="inline")

    async def thumb(request: Request) -> Response:
        build = find(request)
        name = "thumbs/" + request.path_params["name"]
        if build.state != "done" or name not in _thumbs(build):
            raise LookupError
        return FileResponse(build.kit / name, media_type="image/png", headers=HEADERS)

    async def starting_fleet(request: Request) -> Response:
        """A built-in scenario's folder (ships.csv, scenario.toml) as a zip: the fleet a teacher edits
        and uploads again (the page's messages point to it, not to a folder of printgen's)."""
        name = request.path_params["name"].removesuffix(".zip")
        if name not in {c.name for c in f.catalogue()}:
            raise LookupError
        data = await run_in_threadpool(fleet_zip, name)
        return Response(data, media_type="application/zip", headers=HEADERS | {
            "Content-Disposition": f'attachment; filename="{name}-fleet.zip"'})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise LookupError
        text = (paths.templates_dir() / "serve" / name).read_text(encoding="utf-8")
        return Response(text, media_type=STATIC[name], headers=HEADERS)

    async def not_found(request: Request, exc: Exception) -> Response:
        with using(language(request)):
            return message(404, _("Not found"), _("There is nothing here. A kit's page goes when its files are "
                                                  "deleted: build the kit again from the first page."))

    async def failed(request: Request, exc: Exception) -> Response:
        """printgen's own bug: a page that says so, with the page's headers (its security policy too),
        never the server's plain "Internal Server Error"."""
        with using(language(request)):
            return message(500, _("Something went wrong"),
                           _("printgen could not do this: it is a bug in printgen, not a mistake of yours (the "
                             "details are in the window where printgen serve runs). Go back and try again, or "
                             "report it."))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        import asyncio

        async def sweeper():
            while True:
                await asyncio.sleep(20)
                builds.sweep()

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            builds.close()

    b = "/build/{id:str}"
    routes = [Route("/", localized(index)), Route("/build", localized(start), methods=["POST"]),
              Route("/game", localized(game), methods=["POST"]), Route(b, localized(show)),
              Route(b + "/status", localized(status)), Route(b + "/cancel", localized(cancel), methods=["POST"]),
              Route(b + "/delete", localized(delete), methods=["POST"]), Route(b + "/kit.zip", localized(download_zip)),
              Route(b + "/files/{name:str}", document), Route(b + "/files/html/{name:str}", handout),
              Route(b + "/thumbs/{name:str}", thumb),
              Route("/fleets/{name:str}", starting_fleet), Route("/static/{name:str}", static),
              Route("/favicon.ico", lambda r: Response(status_code=204))]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware,
                    exception_handlers={LookupError: not_found, 404: not_found, Exception: failed})
    app.state.builds = builds
    return app


def _thumbs(build: Build) -> set[str]:
    from printgen.kit.index import thumb_name, thumbed

    return {thumb_name(d, k + 1) for d in build.manifest()["documents"] for k in range(thumbed(d))}


def preview(build: Build) -> dict:
    """The documents of the kit, each with its pages' thumbnails and how to print it."""
    from printgen.kit.index import document_count, thumb_name, thumbed

    m = build.manifest()
    docs, kits = [], []
    totals: dict[str, dict] = {}
    for d in m["documents"]:
        if d["kind"] == "kit":
            kits.append(d)
            continue
        short = d["title"].removeprefix(m["scenario"]["title"] + ": ")
        count = None
        if (c := build.counts.get(d["kind"])) is not None:         # as index.html counts (kit/index.py)
            count = document_count(c, d["pages"], _)
            total = totals.setdefault(d["edition"], {"plain": 0, "card": 0, "optional": 0})
            total["optional" if c["optional"] else c["paper"]] += count["sheets"]
        docs.append({**d, "short": short[:1].upper() + short[1:], "advice": build.advice.get(d["kind"], ""),
                     "count": count,
                     "thumbs": [thumb_name(d, k + 1).removeprefix("thumbs/") for k in range(thumbed(d))]})
    for k in kits:
        k["totals"] = totals.get(k["edition"])
    size = build.zip_path().stat().st_size
    return dict(documents=docs, kits=kits, notes=m["options"]["notes"], checked=checked(build.output()),
                zip_bytes=size, megabytes=pagelang.number(f"{size / 1e6:.1f}"),
                handouts=[h for h in m.get("handouts", []) if not h.get("slides")],
                slides=[h for h in m.get("handouts", []) if h.get("slides")],
                kit_lang=m.get("request", {}).get("lang", "en"))


def fleet_zip(name: str) -> bytes:
    """The files of the built-in scenario `name`'s folder, in a folder of that name, as a zip."""
    import io
    import zipfile

    folder = paths.fleets_dir() / name
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(folder.iterdir()):
            if p.is_file() and not p.is_symlink() and p.suffix in (".csv", ".toml"):
                info = zipfile.ZipInfo(f"{name}/{p.name}", (2000, 1, 1, 0, 0, 0))
                info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
                z.writestr(info, p.read_bytes())
    return buf.getvalue()


def checked(output: str) -> str:
    """What the kit's own check said, as a sentence: "check: 15 documents agree with ..." reads
    "Checked: every printed number of the 15 documents agrees with the rules and the fleet."."""
    import re

    from printgen.check.said import AGREE
    from printgen.i18n import translated

    said = "|".join(re.escape(translated(lang, AGREE)).replace(re.escape("%(count)s"), rf"(?P<n{k}>\d+)")
                    for k, lang in enumerate(LANGS))              # the kit's check, in the kit's language
    for line in output.splitlines():
        if m := re.match(rf"^(?:check: (\d+) documents? agrees? with the rules and the fleet|{said})", line):
            n = int(next(g for g in m.groups() if g is not None))
            return (_("Checked: every printed number of the %(count)s documents agrees with the rules and the "
                      "fleet.") % {"count": n} if n != 1 else _("Checked: every printed number agrees with the "
                                                                 "rules and the fleet."))
    return _("The kit is ready.")

