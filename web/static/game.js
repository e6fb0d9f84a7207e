// Kilab's game page: stepping through the game with the buttons, the move
// list and the keys (left, right, Home, End) without asking the server for
// the page again, following a game in play live, and showing a finished
// game's review once it is made. Without this script the same links work as
// plain pages.
"use strict";
(function () {
  let main, moves, plies, step;

  function init() {
    main = document.getElementById("game");
    if (!main) return;
    moves = document.getElementById("moves");
    plies = Number(main.dataset.plies);
    step = Number(main.dataset.step);
    const fromHash = parseStep(location.hash.slice(1));
    if (fromHash !== null) step = fromHash;
    show(step, false);
  }

  function parseStep(text) {
    if (!/^\d{1,6}$/.test(text)) return null;
    const n = Number(text);
    return n >= 0 && n <= plies ? n : null;
  }

  // show draws the board after n plies and marks its move in the list.
  function show(n, scroll) {
    step = Math.max(0, Math.min(plies, n));
    const board = document.getElementById("board");
    const item = document.getElementById("m" + step);
    board.src = main.dataset.board + step + main.dataset.boardQuery;
    if (item) board.alt = item.dataset.alt;
    for (const li of moves.querySelectorAll("li")) {
      const current = li === item;
      li.classList.toggle("current", current);
      const a = li.querySelector("a");
      if (current) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current");
    }
    if (item && scroll) item.scrollIntoView({ block: "nearest" });
    const caption = document.getElementById("step");
    if (item) caption.textContent = item.dataset.alt;
    setStepLink("first", 0);
    setStepLink("prev", step - 1);
    setStepLink("next", step + 1);
    setStepLink("last", plies);
    history.replaceState(null, "", "#" + step);
  }

  function setStepLink(id, n) {
    const a = document.getElementById(id);
    const off = n < 0 || n > plies || n === step;
    a.setAttribute("aria-disabled", off ? "true" : "false");
    if (off) a.setAttribute("tabindex", "-1"); else a.removeAttribute("tabindex");
    a.dataset.to = String(Math.max(0, Math.min(plies, n)));
  }

  document.addEventListener("click", function (e) {
    const a = e.target.closest("a");
    if (!a || !main) return;
    if (a.closest(".steps")) {
      e.preventDefault();
      show(Number(a.dataset.to), true);
      return;
    }
    const li = a.closest("#moves li");
    if (li) {
      e.preventDefault();
      show(Number(li.id.slice(1)), false);
    }
  });

  document.addEventListener("keydown", function (e) {
    if (!main || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest("input, textarea, select, [contenteditable]")) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: plies }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to, true);
  });

  // follow keeps a game in play current: on a new version the page reads
  // itself again and, if the reader was at the latest move, shows the new one.
  // A game that ends so goes on to wait for its review.
  function follow() {
    if (!main || !main.dataset.events || !window.EventSource) return;
    const source = new EventSource(main.dataset.events + "?v=" + main.dataset.version);
    source.addEventListener("version", function (e) {
      if (e.data === main.dataset.version) return;
      const atEnd = step === plies;
      const kept = step;
      readAgain()
        .then(function (fresh) {
          if (!fresh) return;
          replace(fresh, atEnd ? null : kept);
          if (!main.dataset.events) {
            source.close();
            awaitReview();
          }
        })
        .catch(function () {});
    });
  }

  // readAgain reads this page again: its main part, or null where it has none.
  function readAgain() {
    return fetch(location.pathname + location.search, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { return new DOMParser().parseFromString(html, "text/html").getElementById("game"); });
  }

  // replace puts fresh in place of the page's main part, at step n (null:
  // its latest, which may be a new one).
  function replace(fresh, n) {
    main.replaceWith(fresh);
    init();
    show(n === null ? plies : n, false);
  }

  // awaitReview shows a finished game's review that was still being made
  // when the page was: its chart is asked for, which the server answers once
  // the review is made (or with 404 once it is known it cannot be), then the
  // page is read again and takes this one's place (the review and the move
  // list's chances with it, or no review and no notice), at the same step.
  // While the review waits its turn (503), it asks again, each pause half
  // as long again as the last, up to a minute: reviews are made one at a
  // time, and a queue of them can take half an hour. One wait at a time:
  // two readings of a game that just ended may both call it.
  let awaiting = false;
  function awaitReview() {
    if (awaiting) return;
    awaiting = true;
    ask(60, 5000);
  }

  function ask(tries, pause) {
    const pending = document.getElementById("review-pending");
    if (!pending || tries <= 0) {
      awaiting = false;
      return;
    }
    fetch(pending.dataset.chart, { credentials: "same-origin" })
      .then(function (r) { return r.ok || r.status === 404 ? readAgain() : Promise.reject(r.status); })
      .then(function (fresh) {
        if (!fresh || fresh.querySelector("#review-pending")) return Promise.reject("pending");
        replace(fresh, step);
        awaiting = false;
      })
      .catch(function () {
        setTimeout(function () { ask(tries - 1, Math.min(1.5 * pause, 60000)); }, pause);
      });
  }

  init();
  follow();
  awaitReview();
})();
