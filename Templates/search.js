/* capdoc search box: live results from search-index.js as the reader types.
   Without JavaScript the same form is a GET form that opens the A–Z index.
   The index is a script setting window.CAPDOC_SEARCH_INDEX, one record a thing (n title, k kind,
   u URL from the site root, and where it has them w other spellings, a aliases, s 1 for a source),
   loaded on first use; a script works from file://, fetch() does not.

   Each thing is one result, however many of its names match. Best first:
     1. its title or a spelling (id, API, key) is the query, or starts with it;
     2. one holds it, at the start of a word before inside one;
     3. an alias is the query, starts with it, or holds it;
     4. a typo: a word or name within edit distance 1 of the query (2 from 7 letters), whole before
        its beginning (what is typed so far), for queries of 4 letters or more; never a digit.
   Letters compare lowercased and without spaces, dashes or punctuation ("start updating" is
   startUpdating()); words split at those and at camel-case humps. Sources appear only when the
   reader ticks "Include sources" or starts the query with "source:". */
(function () {
  "use strict";
  var form = document.getElementById("site-search");
  if (!form) { return; }
  var input = document.getElementById("search-q");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var sourcesBox = document.getElementById("search-sources");
  var root = form.getAttribute("data-root") || "";
  var limit = 15;
  var sourcePrefix = /^\s*source:\s*/i;
  /* Typo matching walks the distinct words and names that begin near the query: this many table
     cells a keystroke at most, so that however large the index the box answers at once. */
  var typoBudget = 2000000;
  var index = null;
  var loading = false;
  var waiting = null;

  function load(then) {
    if (index) { then(); return; }
    if (window.CAPDOC_SEARCH_INDEX) { index = prepare(window.CAPDOC_SEARCH_INDEX); then(); return; }
    waiting = then;
    if (loading) { return; }
    loading = true;
    var script = document.createElement("script");
    script.src = root + "search-index.js";
    script.addEventListener("load", function () {
      index = prepare(window.CAPDOC_SEARCH_INDEX || []);
      if (waiting) { waiting(); waiting = null; }
    });
    script.addEventListener("error", function () {
      loading = false;
      status.textContent = "The search index did not load; the A–Z index lists every thing.";
    });
    document.head.appendChild(script);
  }

  /* A name folded to its lowercase letters and digits, and where its words start in that: after
     anything else, at a capital after a small letter or digit, and at the last capital of a run
     that a small letter follows ("NSURLSessionTask": nsurl, session, task). ASCII is read by
     hand, other text with regular expressions: at 20,000 services the expressions alone took a
     second when the index loaded. */
  function analyse(text) {
    var starts = [];
    var length = 0, previous = 0, before = 0; // kinds: 0 other, 1 small letter or digit, 2 capital
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c >= 128) { return analyseUnicode(text); }
      var kind = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? 1 : c >= 65 && c <= 90 ? 2 : 0;
      if (kind !== 0) {
        if (previous === 0 || (kind === 2 && previous === 1)) {
          starts.push(length);
        } else if (kind === 1 && c >= 97 && previous === 2 && before === 2 && starts[starts.length - 1] !== length - 1) {
          starts.push(length - 1);
        }
        length++;
      }
      before = previous;
      previous = kind;
    }
    return { folded: text.toLowerCase().replace(/[^a-z0-9]+/g, ""), starts: starts };
  }
  var notLetters = /[^\p{L}\p{N}]+/gu;
  function analyseUnicode(text) {
    var parts = text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
      .toLowerCase().split(notLetters).filter(function (word) { return word.length > 0; });
    var folded = text.toLowerCase().replace(notLetters, "");
    var starts = [];
    var at = 0;
    parts.forEach(function (part) { starts.push(at); at += part.length; });
    // Lowercasing can change a text's length; then the name is one word.
    return { folded: folded, starts: at === folded.length ? starts : [0] };
  }
  function fold(text) { return text.toLowerCase().replace(notLetters, ""); }

  /* Once per page: every name of every thing, folded, with where its words start. Names point to
     their thing, so that a search makes no object a name. */
  function prepare(records) {
    var things = [];
    var names = [];
    for (var position = 0; position < records.length; position++) {
      var record = records[position];
      var thing = { record: record, position: position, source: record.s === 1 ? 1 : 0,
                    section: record.u.indexOf("#") >= 0 ? 1 : 0, search: 0, rank: 0, name: null };
      var spellings = record.w || [];
      var aliases = record.a || [];
      for (var t = 0; t < 1 + spellings.length + aliases.length; t++) {
        var text = t === 0 ? record.n : t <= spellings.length ? spellings[t - 1] : aliases[t - 1 - spellings.length];
        var found = analyse(text);
        if (found.folded) {
          names.push({ thing: thing, text: text, folded: found.folded, starts: found.starts, field: t === 0 ? 0 : t <= spellings.length ? 1 : 2 });
        }
      }
      things.push(thing);
    }
    return { things: things, names: names, typoKeys: null };
  }

  /* On the first search that looks for typos: every distinct word and name of three letters or more,
     sorted, with the names it is in. Made when first needed, as it is most of the work of loading a
     large index (at 20,000 services, half a million words to file). */
  function typoKeys() {
    if (index.typoKeys) { return index.typoKeys; }
    var owners = new Map();
    function own(key, name) {
      var held = owners.get(key);
      if (!held) { owners.set(key, [name]); } else if (held[held.length - 1] !== name) { held.push(name); }
    }
    index.names.forEach(function (name) {
      var folded = name.folded, starts = name.starts;
      if (folded.length >= 3) { own(folded, name); }
      for (var w = 0; w < starts.length && starts.length > 1; w++) {
        var end = w + 1 < starts.length ? starts[w + 1] : folded.length;
        if (end - starts[w] >= 3) { own(folded.slice(starts[w], end), name); }
      }
    });
    index.typoKeys = { owners: owners, sorted: Array.from(owners.keys()).sort() };
    return index.typoKeys;
  }

  /* The rank of a name for the query, lower is better (tiers 1–3 above: 0 the query itself, 1 a
     beginning, 2 a word's start, 3 inside a word; aliases 4, 5, 6); -1: no match. Typos rank 7 on. */
  function rank(name, q) {
    var at = name.folded.indexOf(q);
    if (at < 0) { return -1; }
    var base = name.field === 2 ? 4 : 0;
    if (at === 0) { return base + (name.folded.length === q.length ? 0 : 1); }
    if (name.field === 2) { return 6; }
    return name.starts.indexOf(at) >= 0 ? 2 : 3;
  }

  /* Typo matching: the optimal-string-alignment distance (Damerau-Levenshtein where a swap of two
     neighbours is one edit) of the query to each key, or to a beginning of it (what is typed so
     far), for the keys within `most` edits: visit(key, 2d) for a whole key at distance d, 2d + 1 for
     a beginning. The table has a row a letter of the key; keys in sorted order share the rows of
     the beginning they have in common, and once a row is past `most` the keys that begin so are
     decided by the rows before it, as in a walk down a trie: the table work grows with the keys
     near the query, and each other key costs a comparison of its first letters. A digit is never a
     typo ("svc-01234" is not "svc-10234", nor version 15 version 16): its edit costs more than `most`.
     Returns false if the work ran past `budget` table cells. Tests/site/browser.py runs `cost` and
     `typos` on their own against a plain table. */
  function cost(code, most) { return code >= 48 && code <= 57 ? most + 1 : 1; }
  function typos(keys, q, most, budget, visit) {
    var m = q.length, deepest = m + most, far = most + 1;
    var rows = [], ends = [far];
    for (var r = 0; r <= deepest; r++) { rows.push(new Array(m + 1)); }
    rows[0][0] = 0;
    for (var i = 1; i <= m; i++) { rows[0][i] = rows[0][i - 1] + cost(q.charCodeAt(i - 1), most); }
    var last = "", valid = 0, deadAt = Infinity, cells = 0;
    for (var at = 0; at < keys.length; at++) {
      var key = keys[at];
      var same = 0, common = Math.min(valid, key.length);
      while (same < common && key.charCodeAt(same) === last.charCodeAt(same)) { same++; }
      // A key that begins like the last dead one: only what the beginning matched.
      if (same >= deadAt) { if (ends[deadAt] <= most) { visit(key, 2 * ends[deadAt] + 1); } continue; }
      if (cells > budget) { return false; }
      var depth = Math.min(key.length, deepest), dead = false;
      for (var j = same + 1; j <= depth; j++) {
        var row = rows[j], above = rows[j - 1], twoAbove = j > 1 ? rows[j - 2] : null;
        var k = key.charCodeAt(j - 1), kBefore = j > 1 ? key.charCodeAt(j - 2) : -1;
        var add = cost(k, most);
        var low = row[0] = above[0] + add;
        for (i = 1; i <= m; i++) {
          var c = q.charCodeAt(i - 1), drop = cost(c, most);
          var value = Math.min(above[i] + add, row[i - 1] + drop, above[i - 1] + (c === k ? 0 : Math.max(add, drop)));
          if (twoAbove && i > 1 && c !== k && c === kBefore && q.charCodeAt(i - 2) === k && add + drop === 2 && twoAbove[i - 2] + 1 < value) {
            value = twoAbove[i - 2] + 1;
          }
          row[i] = value;
          if (value < low) { low = value; }
        }
        ends[j] = Math.min(ends[j - 1], j >= m - most ? row[m] : far);
        cells += m + 1;
        if (low > most) { dead = true; break; }
      }
      last = key;
      valid = dead ? j : depth;
      deadAt = dead ? j : Infinity;
      if (!dead && key.length <= deepest && rows[key.length][m] <= most) { visit(key, 2 * rows[key.length][m]); }
      else if (ends[valid] <= most) { visit(key, 2 * ends[valid] + 1); }
    }
    return true;
  }

  /* Hits are things, best first: by rank, then things before sources and pages before sections of
     a page, then titles before other spellings before aliases, the shorter name, the index's order. */
  function better(a, b) {
    return a.rank - b.rank || a.source - b.source || a.section - b.section
      || a.name.field - b.name.field || a.name.folded.length - b.name.folded.length || a.position - b.position;
  }

  /* The hits for a query, best first: { hits, hiddenSources, cut }. A search marks the things it
     finds with its number, and keeps their best rank and name on them, rather than make a hit. */
  var searches = 0;
  function search(query, withSources) {
    var onlySources = sourcePrefix.test(query);
    var q = fold(query.replace(sourcePrefix, ""));
    var found = { hits: [], hiddenSources: 0, cut: false };
    if (!q) { return found; }
    var current = ++searches;
    var things = [];
    function consider(name, value) {
      var thing = name.thing;
      if (onlySources && !thing.source) { return; }
      if (thing.search !== current) {
        thing.search = current;
        thing.rank = value;
        thing.name = name;
        things.push(thing);
      } else if (value < thing.rank || (value === thing.rank && (name.field - thing.name.field || name.folded.length - thing.name.folded.length) < 0)) {
        thing.rank = value;
        thing.name = name;
      }
    }
    var names = index.names;
    for (var n = 0; n < names.length; n++) {
      var value = rank(names[n], q);
      if (value >= 0) { consider(names[n], value); }
    }
    var shown = function (thing) { return withSources || onlySources || !thing.source; };
    // Typo matches rank last: with a page of better results they would not be seen.
    if (q.length >= 4 && things.filter(shown).length < limit) {
      var most = q.length >= 7 ? 2 : 1;
      var typoIndex = typoKeys();
      found.cut = !typos(typoIndex.sorted, q, most, typoBudget, function (key, distance) {
        var owners = typoIndex.owners.get(key);
        for (var o = 0; o < owners.length; o++) { consider(owners[o], 7 + distance); }
      });
    }
    for (var t = 0; t < things.length; t++) {
      if (shown(things[t])) { found.hits.push(things[t]); } else { found.hiddenSources++; }
    }
    found.hits.sort(better);
    return found;
  }

  function show() {
    var query = input.value;
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (!query.trim()) {
      list.hidden = true;
      status.textContent = "";
      return;
    }
    var found = search(query, sourcesBox ? sourcesBox.checked : false);
    var hits = found.hits;
    hits.slice(0, limit).forEach(function (hit) {
      var record = hit.record;
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + record.u;
      link.textContent = record.n;
      item.appendChild(link);
      var kind = document.createElement("span");
      kind.className = "search-kind";
      kind.textContent = " — " + record.k + (hit.name.field > 0 ? ": " + hit.name.text : "");
      item.appendChild(kind);
      list.appendChild(item);
    });
    list.hidden = hits.length === 0;
    var text;
    if (hits.length === 0) {
      text = "No results for “" + query.trim() + "”. Search opens the A–Z index.";
    } else if (hits.length > limit) {
      text = hits.length + " results; the first " + limit + " are shown. Down arrow moves into the list.";
    } else {
      text = hits.length + (hits.length === 1 ? " result" : " results") + ". Down arrow moves into the list.";
    }
    if (found.hiddenSources > 0) {
      text += " " + found.hiddenSources + (found.hiddenSources === 1 ? " source matches" : " sources match") + " too: tick Include sources.";
    }
    if (found.cut) { text += " Not every near spelling was tried: the index is too large."; }
    status.textContent = text;
  }

  function links() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

  input.addEventListener("input", function () { load(show); });
  input.addEventListener("focus", function () { load(function () {}); });
  if (sourcesBox) { sourcesBox.addEventListener("change", function () { if (input.value.trim()) { load(show); } }); }
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

  /* The A–Z index, opened by the form (a-z.html?q=…&sources=1), shows the results for the query. */
  var address = new URL(document.URL).search;
  var match = /[?&]q=([^&#]*)/.exec(address);
  if (sourcesBox && /[?&]sources=/.test(address)) { sourcesBox.checked = true; }
  if (match) {
    try { input.value = decodeURIComponent(match[1].replace(/\+/g, " ")); } catch (error) { input.value = ""; }
    if (input.value) { load(show); }
  }
})();
