// Progressive enhancement only: every page works without this file.
// 1. A "copy link" button beside each provision's permalink.
// 2. A preview of a cross-reference's target on hover and on keyboard focus.
"use strict";

(function () {
  function copyLinks() {
    document.querySelectorAll(".row-label .permalink").forEach(function (link) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-link";
      button.textContent = "Copy link";
      button.setAttribute("aria-label", "Copy link to " + link.textContent);
      button.addEventListener("click", function () {
        var url = new URL(link.getAttribute("href"), window.location.href).href;
        var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy link"; }, 1500); };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(url).then(done, function () { window.prompt("Copy this link", url); });
        } else {
          window.prompt("Copy this link", url);
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

  copyLinks();
  previews();
})();
