/* The first turn on the classroom screen: one screen at a time. Arrow keys, Page Up/Down, space,
   Home and End, or the Back and Next buttons; the address remembers the screen (#slide3). Without
   this script every screen shows, one after the other. Nothing is fetched or stored. */
(function () {
  "use strict";
  function start() {
    var slides = Array.prototype.slice.call(document.querySelectorAll("section.slide"));
    var nav = document.querySelector("nav.controls");
    if (!slides.length || !nav) { return; }
    var back = nav.querySelector('[data-go="-1"]'), next = nav.querySelector('[data-go="1"]');
    var where = nav.querySelector(".where");
    var at = 0;
    function show(n, focus) {
      at = Math.max(0, Math.min(slides.length - 1, n));
      slides.forEach(function (s, i) { s.hidden = i !== at; });
      back.disabled = at === 0;
      next.disabled = at === slides.length - 1;
      where.textContent = where.getAttribute("data-of").replace("%(n)s", String(at + 1))
                                                          .replace("%(total)s", String(slides.length));
      if (window.location.hash !== "#" + slides[at].id) {
        window.history.replaceState(null, "", "#" + slides[at].id);
      }
      if (focus) { slides[at].querySelector("h2").setAttribute("tabindex", "-1"); slides[at].querySelector("h2").focus(); }
    }
    nav.hidden = false;
    back.addEventListener("click", function () { show(at - 1, false); });
    next.addEventListener("click", function () { show(at + 1, false); });
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) { return; }
      var go = {ArrowRight: 1, ArrowDown: 1, PageDown: 1, " ": 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1}[e.key];
      if (e.key === "Home") { show(0, true); e.preventDefault(); }
      else if (e.key === "End") { show(slides.length - 1, true); e.preventDefault(); }
      else if (go && !(e.key === " " && e.target.tagName === "BUTTON")) { show(at + go, true); e.preventDefault(); }
    });
    var first = slides.findIndex(function (s) { return "#" + s.id === window.location.hash; });
    show(first < 0 ? 0 : first, false);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
