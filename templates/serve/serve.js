// printgen serve: a little progressive enhancement; every page works without it.
(function () {
  "use strict";
  // While a kit is drawn, poll its status instead of reloading the page; reload once it has finished.
  var main = document.querySelector("main[data-status]");
  if (main) {
    var url = main.getAttribute("data-status");
    var bar = document.getElementById("progress");
    var what = document.getElementById("what");
    // "{done} of {total}" in the page's language (the page writes it; no words are kept here)
    var of = main.getAttribute("data-of") || "{done} / {total}";
    var poll = function () {
      fetch(url, { cache: "no-store" })
        .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
        .then(function (s) {
          if (s.state !== "running") { window.location.reload(); return; }
          if (s.done > 0) { bar.max = s.total; bar.value = s.done; }
          bar.textContent = of.replace("{done}", s.done).replace("{total}", s.total);
          what.textContent = s.what + "…";
          window.setTimeout(poll, 500);
        })
        .catch(function () { window.setTimeout(function () { window.location.reload(); }, 2000); });
    };
    window.setTimeout(poll, 300);
  }
  // A form sent back with problems: the summary of them has the focus, so it is read out first.
  var summary = document.getElementById("error-summary");
  if (summary) { summary.focus(); }
  // The game printgen chose, when the page comes back with it: the focus goes to it (read out, in view).
  var game = document.getElementById("game");
  if (game && !summary) { game.focus(); game.scrollIntoView({ block: "start" }); }
  // "Show the game and its balance" takes a few seconds: a bar and a sentence say printgen is working.
  var showGame = document.getElementById("show-game");
  var choosing = document.getElementById("choosing");
  var choosingWhat = document.getElementById("choosing-what");
  if (showGame && choosing && choosingWhat) {
    showGame.form.addEventListener("submit", function (e) {
      if (e.submitter !== showGame) { return; }
      choosing.hidden = false;
      choosingWhat.textContent = choosingWhat.getAttribute("data-working");
      showGame.setAttribute("aria-disabled", "true");
    });
  }
  // Each scenario offers its own presets: the others' are hidden (and cannot be sent) while it is chosen.
  var preset = document.getElementById("preset");
  var scenarios = document.querySelectorAll("input[name=scenario]");
  var showPresets = function () {
    var chosen = document.querySelector("input[name=scenario]:checked");
    var name = chosen ? chosen.value : "";
    Array.prototype.forEach.call(preset.querySelectorAll("optgroup"), function (group) {
      var mine = group.getAttribute("data-scenario") === name;
      group.hidden = !mine;
      group.disabled = !mine;
      if (!mine && group.contains(preset.options[preset.selectedIndex])) { preset.value = ""; }
    });
  };
  if (preset && scenarios.length) {
    Array.prototype.forEach.call(scenarios, function (s) { s.addEventListener("change", showPresets); });
    showPresets();
  }
  // Choosing files means "my own fleet".
  var files = document.getElementById("fleet");
  var own = document.getElementById("scenario-upload");
  if (files && own) {
    files.addEventListener("change", function () { if (files.files.length) { own.checked = true; } });
  }
})();
