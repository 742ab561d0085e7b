/* capdoc platform filter: hides the platforms a reader does not ship from every table of the site.
   The matrix page's form (one checkbox per platform) sets the choice; it is remembered in
   localStorage and applied on every page: a table row headed by a hidden platform's name, or a
   column whose heading is that name, is not shown. `?hide=tvos,visionos` in a page's address sets
   the same choice from a link. Without this script every platform is shown. */
(function () {
  "use strict";
  var KEY = "capdoc-hidden-platforms";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || { hidden: [], names: {} }; } catch (e) { return { hidden: [], names: {} }; }
  }
  function save(state) {
    try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode: this page only */ }
  }

  // "Mac Catalyst" and "mac-catalyst" read the same: a link's ids match the headings' names on pages
  // visited before the matrix page has told the script the names.
  function fold(text) { return text.toLowerCase().replace(/[^a-z0-9]/g, ""); }

  function apply(state) {
    var hidden = {};
    state.hidden.forEach(function (id) { hidden[fold(id)] = true; if (state.names[id]) hidden[fold(state.names[id])] = true; });
    function hides(cell) { return cell !== null && hidden[fold(cell.textContent.trim())] === true; }
    document.querySelectorAll("main table").forEach(function (table) {
      var headings = table.querySelectorAll("thead th");
      var hiddenColumns = [];
      headings.forEach(function (th, index) {
        var hide = hides(th);
        th.hidden = hide;
        if (hide) hiddenColumns.push(index);
      });
      table.querySelectorAll("tbody tr").forEach(function (row) {
        var header = row.querySelector("th[scope=row]");
        row.hidden = hides(header);
        hiddenColumns.forEach(function (index) { if (row.children[index]) row.children[index].hidden = true; });
        Array.prototype.forEach.call(row.children, function (cell, index) {
          if (hiddenColumns.indexOf(index) < 0) cell.hidden = false;
        });
      });
    });
    var note = document.getElementById("platforms-hidden");
    if (note) note.remove();
    if (state.hidden.length > 0) {
      var main = document.querySelector("main");
      if (main) {
        var p = document.createElement("p");
        p.id = "platforms-hidden";
        p.className = "platforms-hidden";
        p.textContent = "Hidden: " + state.hidden.map(function (id) { return state.names[id] || id; }).join(", ") + ". ";
        var link = document.createElement("a");
        link.href = "#";
        link.textContent = "Show every platform";
        link.addEventListener("click", function (event) {
          event.preventDefault();
          var shown = { hidden: [], names: state.names };
          save(shown);
          syncForm(shown);
          apply(shown);
        });
        p.appendChild(link);
        main.insertBefore(p, main.firstChild);
      }
    }
  }

  function syncForm(state) {
    document.querySelectorAll(".platform-filter input[data-platform]").forEach(function (box) {
      box.checked = state.hidden.indexOf(box.getAttribute("data-platform")) < 0;
    });
  }

  var state = load();
  var form = document.querySelector(".platform-filter");
  if (form) {
    form.hidden = false;
    form.querySelectorAll("input[data-platform]").forEach(function (box) {
      state.names[box.getAttribute("data-platform")] = box.parentNode.textContent.trim();
    });
    save(state);
  }
  var asked = new URL(document.URL).searchParams.get("hide");
  if (asked !== null) {
    state.hidden = asked.split(",").filter(function (id) { return /^[a-z0-9-]{1,40}$/.test(id); });
    save(state);
  }
  syncForm(state);
  apply(state);
  if (form) {
    form.addEventListener("change", function () {
      state.hidden = [];
      form.querySelectorAll("input[data-platform]").forEach(function (box) {
        if (!box.checked) state.hidden.push(box.getAttribute("data-platform"));
      });
      save(state);
      apply(state);
    });
  }
})();
