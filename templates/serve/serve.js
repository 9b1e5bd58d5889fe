// printgen serve: a little progressive enhancement; every page works without it.
(function () {
  "use strict";
  // While a kit is drawn, poll its status instead of reloading the page; reload once it has finished.
  var main = document.querySelector("main[data-status]");
  if (main) {
    var url = main.getAttribute("data-status");
    var bar = document.getElementById("progress");
    var what = document.getElementById("what");
    var poll = function () {
      fetch(url, { cache: "no-store" })
        .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
        .then(function (s) {
          if (s.state !== "running") { window.location.reload(); return; }
          if (s.done > 0) { bar.max = s.total; bar.value = s.done; }
          bar.textContent = s.done + " of " + s.total;
          what.textContent = s.what + "…";
          window.setTimeout(poll, 500);
        })
        .catch(function () { window.setTimeout(function () { window.location.reload(); }, 2000); });
    };
    window.setTimeout(poll, 300);
  }
  // Choosing files means "my own fleet".
  var files = document.getElementById("fleet");
  var own = document.getElementById("scenario-upload");
  if (files && own) {
    files.addEventListener("change", function () { if (files.files.length) { own.checked = true; } });
  }
})();
