/* capdoc search box: live results from search-index.js as the reader types.
   Without JavaScript the same form is a GET form that opens the A–Z index.
   The index is a script setting window.CAPDOC_SEARCH_INDEX (entries: t term, k kind, u URL from the
   site root, n name of what it leads to), loaded on first use; a script works from file://, fetch() does not. */
(function () {
  "use strict";
  var form = document.getElementById("site-search");
  if (!form) { return; }
  var input = document.getElementById("search-q");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var root = form.getAttribute("data-root") || "";
  var limit = 15;
  var index = null;
  var loading = false;
  var waiting = null;

  function load(then) {
    if (index) { then(); return; }
    if (window.CAPDOC_SEARCH_INDEX) { index = window.CAPDOC_SEARCH_INDEX; then(); return; }
    waiting = then;
    if (loading) { return; }
    loading = true;
    var script = document.createElement("script");
    script.src = root + "search-index.js";
    script.addEventListener("load", function () {
      index = window.CAPDOC_SEARCH_INDEX || [];
      if (waiting) { waiting(); waiting = null; }
    });
    script.addEventListener("error", function () {
      loading = false;
      status.textContent = "The search index did not load; the A–Z index lists every term.";
    });
    document.head.appendChild(script);
  }

  /* 0 exact, 1 prefix, 2 at the start of a word or after a dot, 3 anywhere; -1 no match. */
  function rank(term, query) {
    var at = term.indexOf(query);
    if (at < 0) { return -1; }
    if (term.length === query.length) { return 0; }
    if (at === 0) { return 1; }
    return /[a-z0-9]/.test(term.charAt(at - 1)) ? 3 : 2;
  }

  function search(query) {
    var q = query.trim().toLowerCase();
    if (!q) { return []; }
    var best = {};
    var order = [];
    for (var i = 0; i < index.length; i++) {
      var entry = index[i];
      var r = rank(entry.t.toLowerCase(), q);
      if (r < 0) { continue; }
      var found = best[entry.u];
      var hit = { entry: entry, rank: r, position: i };
      if (!found) { best[entry.u] = hit; order.push(entry.u); }
      else if (r < found.rank || (r === found.rank && entry.t.length < found.entry.t.length)) { best[entry.u] = hit; }
    }
    var hits = order.map(function (url) { return best[url]; });
    hits.sort(function (a, b) {
      return a.rank - b.rank || a.entry.t.length - b.entry.t.length || a.position - b.position;
    });
    return hits;
  }

  function show() {
    var query = input.value;
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (!query.trim()) {
      list.hidden = true;
      status.textContent = "";
      return;
    }
    var hits = search(query);
    hits.slice(0, limit).forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + hit.entry.u;
      link.textContent = hit.entry.t;
      item.appendChild(link);
      var kind = document.createElement("span");
      kind.className = "search-kind";
      kind.textContent = " — " + hit.entry.k + (hit.entry.n !== hit.entry.t ? ": " + hit.entry.n : "");
      item.appendChild(kind);
      list.appendChild(item);
    });
    list.hidden = hits.length === 0;
    if (hits.length === 0) {
      status.textContent = "No results for “" + query.trim() + "”. Search opens the A–Z index.";
    } else if (hits.length > limit) {
      status.textContent = hits.length + " results; the first " + limit + " are shown. Down arrow moves into the list.";
    } else {
      status.textContent = hits.length + (hits.length === 1 ? " result" : " results") + ". Down arrow moves into the list.";
    }
  }

  function links() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

  input.addEventListener("input", function () { load(show); });
  input.addEventListener("focus", function () { load(function () {}); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === "Escape") {
      input.value = "";
      show();
    }
  });
  list.addEventListener("keydown", function (event) {
    var all = links();
    var at = all.indexOf(document.activeElement);
    if (at < 0) { return; }
    if (event.key === "ArrowDown" && at + 1 < all.length) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      (at > 0 ? all[at - 1] : input).focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.focus();
    }
  });
  /* Enter opens the best result; with none, the form goes on to the A–Z index. */
  form.addEventListener("submit", function (event) {
    if (!index) { return; }
    var first = links()[0];
    if (first && input.value.trim()) {
      event.preventDefault();
      first.click();
    }
  });

  /* The A–Z index, opened by the form (a-z.html?q=…), shows the results for the query. */
  var match = /[?&]q=([^&#]*)/.exec(new URL(document.URL).search);
  if (match) {
    try { input.value = decodeURIComponent(match[1].replace(/\+/g, " ")); } catch (error) { input.value = ""; }
    if (input.value) { load(show); }
  }
})();
