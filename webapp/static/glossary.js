// The glossary's filter box: shown only when this script runs, so without JavaScript the page is
// simply the full list. Matches any spelling or translation of a term, case-insensitively.
(function () {
  "use strict";
  var box = document.querySelector(".glossary-filter");
  var input = document.getElementById("glossary-filter");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#glossary-table tbody tr"));
  var count = document.querySelector(".glossary-count");
  if (!box || !input) return;
  box.hidden = false;
  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var text = row.getAttribute("data-terms") || "";
      var match = words.every(function (w) { return text.indexOf(w) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    count.textContent = words.length ? count.dataset.format.replace("{shown}", shown).replace("{total}", rows.length) : "";
  }
  input.addEventListener("input", apply);
  apply();
})();
