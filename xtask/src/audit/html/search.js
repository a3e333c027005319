// The audit report's search: finds the words of `?q=` in the index that
// `search-index.js` (written beside this file by `cargo xtask audit`) holds,
// and lists the sections, tables, rules, examples, properties, resolver
// items, surviving mutants and review-queue entries that hold them all, each
// with a snippet cut at spaces and the words marked. Nothing is fetched: the report opens from disk.
(function () {
  "use strict";
  var index = window.SEARCH_INDEX || [];
  var input = document.getElementById("search-input");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var SHOWN = 100;

  function words(q) {
    return q.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
  }

  // 0 unless every word is in the entry; a word in the title counts more.
  function score(entry, ws) {
    var title = entry.t.toLowerCase();
    var text = entry.x.toLowerCase();
    var s = 0;
    for (var i = 0; i < ws.length; i++) {
      if (title.indexOf(ws[i]) >= 0) {
        s += 10;
      } else if (text.indexOf(ws[i]) >= 0) {
        s += 1;
      } else {
        return 0;
      }
    }
    return s;
  }

  // The entry's text around the first place the word appears, cut at
  // spaces so that no word is split.
  function snippet(text, w) {
    var at = Math.max(0, text.toLowerCase().indexOf(w));
    var from = Math.max(0, at - 60);
    var end = Math.min(text.length, from + 180);
    if (from > 0) {
      var space = text.indexOf(" ", from);
      from = space >= 0 && space < at ? space + 1 : at;
    }
    if (end < text.length) {
      var back = text.lastIndexOf(" ", end);
      end = back > at ? back : end;
    }
    return (from > 0 ? "… " : "") + text.slice(from, end) + (end < text.length ? " …" : "");
  }

  // `text` into `p`, each place a searched word appears marked.
  function highlight(p, text, ws) {
    var lower = text.toLowerCase();
    var at = 0;
    while (at < text.length) {
      var next = -1, len = 0;
      ws.forEach(function (w) {
        var i = lower.indexOf(w, at);
        if (i >= 0 && (next < 0 || i < next)) { next = i; len = w.length; }
      });
      if (next < 0) { break; }
      p.append(text.slice(at, next));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(next, next + len);
      p.append(mark);
      at = next + len;
    }
    p.append(text.slice(at));
  }

  function item(entry, ws) {
    var li = document.createElement("li");
    li.className = "result";
    li.setAttribute("data-kind", entry.k);
    var a = document.createElement("a");
    a.href = entry.h;
    a.textContent = entry.t;
    var where = document.createElement("span");
    where.className = "where";
    where.textContent = entry.k + " · " + entry.w;
    var p = document.createElement("p");
    highlight(p, snippet(entry.x, ws[0]), ws);
    li.append(a, " ", where, p);
    return li;
  }

  function show(q) {
    var ws = words(q);
    list.textContent = "";
    if (ws.length === 0) {
      status.textContent = "Type the words to look for.";
      list.setAttribute("data-results", "0");
      return;
    }
    var hits = index
      .map(function (e) { return { e: e, s: score(e, ws) }; })
      .filter(function (h) { return h.s > 0; });
    hits.sort(function (a, b) { return b.s - a.s; });
    list.setAttribute("data-results", String(hits.length));
    status.textContent = hits.length + (hits.length === 1 ? " result" : " results") +
      " for “" + q + "”" + (hits.length > SHOWN ? ", the first " + SHOWN + " shown" : "");
    hits.slice(0, SHOWN).forEach(function (h) { list.appendChild(item(h.e, ws)); });
  }

  var q = new URLSearchParams(window.location.search).get("q") || "";
  input.value = q;
  show(q);
  input.addEventListener("input", function () { show(input.value); });
})();
