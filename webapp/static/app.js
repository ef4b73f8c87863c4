// Progressive enhancement only: every page works without this file.
// 1. A "copy link" button beside each provision's permalink.
// 2. A preview of a cross-reference's target on hover and on keyboard focus.
// 3. The context line of a law page follows the provision at the top of the screen.
// 4. The print view's "Print or save as PDF" button and its full address.
// Interface words come from the page (body data-*), in the reader's interface language.
"use strict";

(function () {
  var words = document.body.dataset;
  var COPY = words.copyLink || "Copy link", COPIED = words.copied || "Copied", PROMPT = words.copyPrompt || "Copy this link";

  function copyLinks() {
    document.querySelectorAll(".row-label .permalink").forEach(function (link) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-link";
      button.textContent = COPY;
      button.setAttribute("aria-label", COPY + " " + link.textContent);
      button.addEventListener("click", function () {
        var url = new URL(link.getAttribute("href"), window.location.href).href;
        var done = function () { button.textContent = COPIED; setTimeout(function () { button.textContent = COPY; }, 1500); };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(url).then(done, function () { window.prompt(PROMPT, url); });
        } else {
          window.prompt(PROMPT, url);
        }
      });
      link.insertAdjacentElement("afterend", button);
    });
  }

  var cache = {};
  var box = null;
  var owner = null;

  function hidePreview() {
    if (box) { box.remove(); box = null; }
    if (owner) { owner.removeAttribute("aria-describedby"); owner = null; }
  }

  function showPreview(link) {
    var url = link.getAttribute("data-preview");
    var cell = link.closest("[lang]");
    var lang = cell ? cell.getAttribute("lang") : "en";
    var load = cache[url] || (cache[url] = fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.json();
    }));
    load.then(function (data) {
      if (document.activeElement !== link && !link.matches(":hover")) { return; }
      hidePreview();
      box = document.createElement("div");
      box.className = "preview";
      box.id = "reference-preview";
      box.setAttribute("role", "tooltip");
      var source = data.text[lang] !== undefined || data.title[lang] !== undefined ? lang : Object.keys(data.text)[0];
      var head = document.createElement("p");
      var strong = document.createElement("strong");
      strong.textContent = data.citation + (data.title[source] ? " · " + data.title[source] : "");
      head.appendChild(strong);
      box.appendChild(head);
      var text = data.text[source] || (data.children[0] && data.children[0].text[source]) || "";
      if (text) {
        var body = document.createElement("p");
        body.textContent = text.length > 400 ? text.slice(0, 399) + "…" : text;
        body.setAttribute("lang", source);
        box.appendChild(body);
      }
      document.body.appendChild(box);
      var rect = link.getBoundingClientRect();
      var left = Math.max(8, Math.min(rect.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 8));
      box.style.left = left + "px";
      box.style.top = (rect.bottom + window.scrollY + 6) + "px";
      owner = link;
      link.setAttribute("aria-describedby", box.id);
    }).catch(function () { /* the link still works; the title attribute is the fallback */ });
  }

  function previews() {
    document.querySelectorAll("a.ref[data-preview]").forEach(function (link) {
      link.addEventListener("mouseenter", function () { showPreview(link); });
      link.addEventListener("focus", function () { showPreview(link); });
      link.addEventListener("mouseleave", hidePreview);
      link.addEventListener("blur", hidePreview);
    });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") { hidePreview(); } });
  }

  // The context line: the law (server-rendered), then each enclosing section and item of the
  // provision at the top of the screen, built from the rows' own labels and titles.
  function contextLine() {
    var line = document.querySelector(".context-line ol");
    var rows = Array.prototype.slice.call(document.querySelectorAll(".law-text .row[data-trail]"));
    if (!line || !rows.length) { return; }
    var fixed = line.children.length;
    var shown = null;
    function crumb(anchor) {
      var row = document.getElementById(anchor);
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = "#" + anchor;
      a.textContent = row.getAttribute("data-label");
      li.appendChild(a);
      var title = row.querySelector(".provision-title");
      if (title) {
        li.className = "titled";
        var span = document.createElement("span");
        span.textContent = " " + title.textContent;
        span.setAttribute("lang", title.closest("[lang]").getAttribute("lang"));
        li.appendChild(span);
      }
      return li;
    }
    function update() {
      // scroll-margin-top leaves a deep-linked row just under the line: count it as current.
      var top = line.getBoundingClientRect().bottom + 16;
      var current = rows[0];
      for (var i = 0; i < rows.length; i++) {
        if (rows[i].getBoundingClientRect().top > top) { break; }
        current = rows[i];
      }
      var trail = current.getAttribute("data-trail").split(" ").slice(1);
      var key = trail.join(" ");
      if (key === shown) { return; }
      shown = key;
      while (line.children.length > fixed) { line.removeChild(line.lastChild); }
      trail.forEach(function (anchor) { line.appendChild(crumb(anchor)); });
      line.classList.toggle("deep", trail.length > 0);
    }
    var pending = false;
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(function () { pending = false; update(); }); }
    }, { passive: true });
    window.addEventListener("hashchange", update);
    update();
  }

  function printView() {
    var button = document.querySelector(".print-button");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    }
    document.querySelectorAll(".page-url[data-path]").forEach(function (span) {
      span.textContent = new URL(span.getAttribute("data-path"), window.location.href).href;
    });
  }

  copyLinks();
  previews();
  contextLine();
  printView();
})();
