// chessbot's spectator pages: live updates over Server-Sent Events,
// stepping through the moves (buttons, arrow keys, a click on a move),
// flipping the board, copying the FEN and deadlines in the viewer's own
// time. The page is complete without this script; user text is only ever
// set as text, never as markup.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var FIGURINES = { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658" };

  function localTimes() {
    document.querySelectorAll("time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) {
        t.textContent = d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
        t.title = t.getAttribute("datetime");
      }
    });
  }

  // A move in words, as the live region announces it: "White: Knight
  // from g1 to f3", castling and promotion named, check and mate said.
  var PIECE_WORDS = { K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight" };
  function moveWords(ply, index, startFen) {
    var whiteFirst = (startFen.split(" ")[1] || "w") !== "b";
    var side = (index % 2 === 0) === whiteFirst ? "White" : "Black";
    var san = ply.san || "";
    var text;
    if (/^O-O-O/.test(san)) { text = "castles queenside"; } else if (/^O-O/.test(san)) { text = "castles kingside"; } else {
      text = (PIECE_WORDS[san.charAt(0)] || "Pawn") + " from " + ply.uci.slice(0, 2) + " to " + ply.uci.slice(2, 4);
      if (san.indexOf("x") >= 0) { text += ", takes"; }
      if (ply.uci.length > 4) { text += ", promotes to " + (PIECE_WORDS[ply.uci.charAt(4).toUpperCase()] || "Queen"); }
    }
    if (san.indexOf("#") >= 0) { text += ", checkmate"; } else if (san.indexOf("+") >= 0) { text += ", check"; }
    return side + ": " + text;
  }
  function announce(plies, before, startFen) {
    var region = document.getElementById("announce");
    if (!region || plies.length <= before || plies.length === 0) { return; }
    region.textContent = moveWords(plies[plies.length - 1], plies.length - 1, startFen);
  }
  function start() {
    localTimes();
    var main = document.getElementById("game");
    var script = document.getElementById("game-data");
    if (!main || !script) { return; }
    var data = JSON.parse(script.textContent);
    var shown = data.plies.length;
    var flip = false;

    function figurine(san) {
      return san.replace(/[KQRBN]/g, function (c) { return FIGURINES[c]; });
    }
    function words(code) {
      var s = String(code).replace(/_/g, " ");
      return s.charAt(0).toUpperCase() + s.slice(1);
    }
    function fenAt(i) { return i === 0 ? data.start_fen : data.plies[i - 1].fen; }
    function placement(fen) {
      var out = [];
      var rows = fen.split(" ")[0].split("/");
      for (var r = 0; r < rows.length && r < 8; r++) {
        var file = 0;
        for (var k = 0; k < rows[r].length; k++) {
          var c = rows[r][k];
          if (c >= "1" && c <= "8") { file += Number(c); } else { out.push([file, 7 - r, c]); file++; }
        }
      }
      return out;
    }
    // What each side has taken, as the server draws it (pages.rs,
    // `captured`): a promoted piece counts as its pawn, not a capture.
    var MATERIAL = [["q", 9, "\u2655", "\u265b"], ["r", 5, "\u2656", "\u265c"], ["b", 3, "\u2657", "\u265d"], ["n", 3, "\u2658", "\u265e"], ["p", 1, "\u2659", "\u265f"]];
    function counts(fen) {
      var out = {};
      fen.split(" ")[0].split("").forEach(function (c) { if (/[a-zA-Z]/.test(c)) { out[c] = (out[c] || 0) + 1; } });
      return out;
    }
    function drawCaptured(fen) {
      var start = counts(data.start_fen), now = counts(fen);
      function n(m, c) { return m[c] || 0; }
      function lost(white) {
        var letter = function (p) { return white ? p.toUpperCase() : p; };
        var promoted = 0;
        MATERIAL.slice(0, 4).forEach(function (m) { promoted += Math.max(0, n(now, letter(m[0])) - n(start, letter(m[0]))); });
        var out = "";
        MATERIAL.forEach(function (m) {
          var gone = Math.max(0, n(start, letter(m[0])) - n(now, letter(m[0])));
          if (m[0] === "p") { gone = Math.max(0, gone - promoted); }
          out += (white ? m[2] : m[3]).repeat(gone);
        });
        return out;
      }
      var lead = 0;
      MATERIAL.forEach(function (m) { lead += m[1] * (n(now, m[0].toUpperCase()) - n(now, m[0])); });
      [["white", lost(false), Math.max(0, lead)], ["black", lost(true), Math.max(0, -lead)]].forEach(function (s) {
        var e = document.getElementById("captured-" + s[0]);
        if (e) { e.textContent = s[1] + (s[2] > 0 ? " +" + s[2] : ""); }
      });
    }
    function corner(f, r) { return flip ? [(7 - f) * 100, r * 100] : [f * 100, (7 - r) * 100]; }
    function mark(g, f, r, color, opacity) {
      var c = corner(f, r);
      var e = document.createElementNS(SVG, "rect");
      e.setAttribute("x", c[0]); e.setAttribute("y", c[1]);
      e.setAttribute("width", 100); e.setAttribute("height", 100);
      e.setAttribute("fill", color); e.setAttribute("fill-opacity", opacity);
      g.appendChild(e);
    }
    // The files and ranks along the board's edges, drawn again when it
    // turns (as the server drew them), each in the other square colour.
    function drawCoordinates() {
      var co = document.getElementById("co");
      var rects = document.querySelectorAll("#sq rect");
      if (!co || rects.length < 2) { return; }
      var dark = rects[0].getAttribute("fill"), light = rects[1].getAttribute("fill");
      co.replaceChildren();
      for (var i = 0; i < 8; i++) {
        var file = flip ? 7 - i : i, bottom = flip ? 7 : 0;
        var c = corner(file, bottom);
        var t = document.createElementNS(SVG, "text");
        t.setAttribute("x", c[0] + 94); t.setAttribute("y", c[1] + 94);
        t.setAttribute("text-anchor", "end");
        t.setAttribute("fill", (file + bottom) % 2 === 1 ? dark : light);
        t.textContent = String.fromCharCode(97 + file);
        co.appendChild(t);
        var left = flip ? 7 : 0, rank = flip ? i : 7 - i;
        c = corner(left, rank);
        t = document.createElementNS(SVG, "text");
        t.setAttribute("x", c[0] + 6); t.setAttribute("y", c[1] + 22);
        t.setAttribute("fill", (left + rank) % 2 === 1 ? dark : light);
        t.textContent = String(rank + 1);
        co.appendChild(t);
      }
    }
    function draw() {
      var fen = fenAt(shown);
      var ply = shown > 0 ? data.plies[shown - 1] : null;
      var hl = document.getElementById("hl");
      var pc = document.getElementById("pc");
      if (!hl || !pc) { return; }
      hl.replaceChildren();
      if (ply) {
        [ply.uci.slice(0, 2), ply.uci.slice(2, 4)].forEach(function (sq) {
          mark(hl, sq.charCodeAt(0) - 97, Number(sq[1]) - 1, "#f2d024", 0.45);
        });
      }
      var check = ply ? ply.check : data.start_check;
      var pieces = placement(fen);
      if (check) {
        var king = fen.split(" ")[1] === "b" ? "k" : "K";
        pieces.forEach(function (p) { if (p[2] === king) { mark(hl, p[0], p[1], "#e0301e", 0.6); } });
      }
      pc.replaceChildren();
      pieces.forEach(function (p) {
        var id = (p[2] === p[2].toUpperCase() ? "w" : "b") + p[2].toUpperCase();
        var c = corner(p[0], p[1]);
        var u = document.createElementNS(SVG, "use");
        u.setAttribute("href", "#" + id);
        u.setAttribute("x", c[0]); u.setAttribute("y", c[1]);
        u.setAttribute("width", 100); u.setAttribute("height", 100);
        pc.appendChild(u);
      });
      document.getElementById("fen").textContent = fen;
      drawCaptured(fen);
      document.querySelectorAll("#moves a[data-ply]").forEach(function (a) {
        if (Number(a.dataset.ply) === shown) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      });
      main.dataset.shown = String(shown);
    }
    function renderMoves() {
      var list = document.getElementById("moves");
      var start = data.start_fen.split(" ");
      var blackFirst = start[1] === "b";
      var number = Number(start[5]) || 1;
      list.replaceChildren();
      var li = null;
      data.plies.forEach(function (p, i) {
        var offset = i + (blackFirst ? 1 : 0);
        if (offset % 2 === 0 || li === null) {
          li = document.createElement("li");
          li.value = number + Math.floor(offset / 2);
          if (offset % 2 === 1) {
            var gap = document.createElement("span");
            gap.className = "gap"; gap.textContent = "\u2026";
            li.appendChild(gap);
          }
          list.appendChild(li);
        }
        var a = document.createElement("a");
        a.href = "#ply-" + (i + 1);
        a.dataset.ply = String(i + 1);
        a.textContent = figurine(p.san);
        li.appendChild(a);
      });
    }
    function renderState() {
      var status;
      if (data.result) {
        status = data.result === "*" ? "Aborted (" + words(data.termination) + ")" : data.result + " \u00b7 " + words(data.termination);
      } else {
        status = words(data.to_move) + " to move";
        if (data.draw_offer) { status += " \u00b7 " + words(data.draw_offer) + " offers a draw"; }
      }
      document.getElementById("status").textContent = status;
      var deadline = document.getElementById("deadline");
      var time = document.getElementById("deadline-time");
      if (data.deadline) {
        deadline.hidden = false;
        time.setAttribute("datetime", data.deadline);
        time.textContent = data.deadline;
        localTimes();
      } else {
        deadline.hidden = true;
      }
      ["white", "black"].forEach(function (c) {
        var seat = document.getElementById("seat-" + c);
        if (seat) { seat.classList.toggle("turn", data.running && data.to_move === c); }
      });
      var opening = document.getElementById("opening");
      if (opening) { opening.textContent = data.opening ? data.opening.eco + " " + data.opening.name : ""; }
      main.dataset.running = data.running ? "1" : "0";
    }
    function go(i) {
      shown = Math.max(0, Math.min(data.plies.length, i));
      draw();
    }

    var controls = document.getElementById("controls");
    if (controls) { controls.hidden = false; }
    document.getElementById("first").addEventListener("click", function () { go(0); });
    document.getElementById("prev").addEventListener("click", function () { go(shown - 1); });
    document.getElementById("next").addEventListener("click", function () { go(shown + 1); });
    document.getElementById("last").addEventListener("click", function () { go(data.plies.length); });
    document.getElementById("flip").addEventListener("click", function () {
      flip = !flip;
      main.classList.toggle("flipped", flip);
      drawCoordinates();
      draw();
    });
    document.getElementById("moves").addEventListener("click", function (e) {
      var a = e.target.closest("a[data-ply]");
      if (a) { e.preventDefault(); go(Number(a.dataset.ply)); }
    });
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (e.key === "ArrowLeft") { go(shown - 1); } else if (e.key === "ArrowRight") { go(shown + 1); } else if (e.key === "Home") { go(0); } else if (e.key === "End") { go(data.plies.length); } else { return; }
      e.preventDefault();
    });
    var copy = document.getElementById("copy-fen");
    if (copy && navigator.clipboard) {
      copy.hidden = false;
      copy.addEventListener("click", function () {
        navigator.clipboard.writeText(fenAt(shown)).then(function () { copy.textContent = "Copied"; });
      });
    }
    draw();

    // A game that ends while the page is open shows its ratings and, once
    // the engine is done, its analysis, without a reload: the page is read
    // again (every 5 s, a minute at most, until the analysis is there) and
    // its seats and analysis section taken over.
    function takeFinished(tries) {
      if (!window.fetch || !window.DOMParser) { return; }
      fetch(window.location.href, { credentials: "same-origin" }).then(function (r) {
        return r.ok ? r.text() : null;
      }).then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        ["seat-white", "seat-black"].forEach(function (id) {
          var now = document.getElementById(id), next = fresh.getElementById(id);
          if (now && next) { now.replaceWith(document.importNode(next, true)); }
        });
        var analysis = fresh.querySelector("section.analysis");
        if (analysis && !document.querySelector("section.analysis")) {
          var anchor = document.querySelector("p.fen");
          if (anchor) { anchor.before(document.importNode(analysis, true)); }
        }
        var decided = data.result && data.result !== "*";
        if (!analysis && decided && tries > 1) {
          window.setTimeout(function () { takeFinished(tries - 1); }, 5000);
        }
      }).catch(function () {});
    }

    if (window.EventSource && data.running) {
      var source = new EventSource(main.dataset.events);
      source.addEventListener("state", function (e) {
        var following = shown === data.plies.length;
        var before = data.plies.length;
        data = JSON.parse(e.data);
        announce(data.plies, before, data.start_fen);
        if (following || shown > data.plies.length) { shown = data.plies.length; }
        renderMoves();
        renderState();
        draw();
        if (!data.running) {
          source.close();
          takeFinished(12);
        }
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
