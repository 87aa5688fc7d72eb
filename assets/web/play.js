// chessbot's player page: the board from the player's side, moves by tap
// (a piece, then one of its targets), by dragging (mouse or touch, pointer
// events) and by typing; a promotion picker; the draw, takeback, abort,
// more time and resign buttons; live updates over the game's event
// stream. Every action is a POST of JSON to this page's action address;
// the chat bot plays it as the player's own command.
(function () {
  "use strict";
  var root = document.getElementById("play");
  var data = document.getElementById("play-data");
  if (!root || !data) return;
  var state = JSON.parse(data.textContent);
  var board = document.getElementById("board");
  var squares = {};
  Array.prototype.forEach.call(board.querySelectorAll("[data-square]"), function (el) {
    squares[el.getAttribute("data-square")] = el;
    el.tabIndex = -1;
  });
  var $ = function (id) { return document.getElementById(id); };
  var sel = null;
  var drag = null;
  var pending = false;
  var promoFor = null;
  var NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
  var ENDS = {
    checkmate: "checkmate", stalemate: "stalemate", dead_position: "dead position",
    threefold_repetition: "threefold repetition", fifty_moves: "the 50-move rule",
    fivefold_repetition: "fivefold repetition", seventyfive_moves: "the 75-move rule",
    agreement: "agreement", resignation: "resignation", timeout: "time", aborted: "abort",
    tablebase: "the tablebase"
  };

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
  function view() { return state.view; }
  function mine() { return state.color; }
  function theirs() { return mine() === "white" ? "black" : "white"; }
  function fen() {
    var p = view().plies;
    return p.length ? p[p.length - 1].fen : view().start_fen;
  }
  function placement(f) {
    var out = {};
    var rows = f.split(" ")[0].split("/");
    for (var r = 0; r < 8 && r < rows.length; r++) {
      var file = 0;
      for (var i = 0; i < rows[r].length; i++) {
        var c = rows[r][i];
        if (c >= "1" && c <= "8") { file += Number(c); continue; }
        if (file < 8) out["abcdefgh"[file] + (8 - r)] = c;
        file++;
      }
    }
    return out;
  }
  function pieceSvg(c) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "pc");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#" + (c === c.toUpperCase() ? "w" : "b") + c.toUpperCase());
    svg.appendChild(use);
    return svg;
  }
  function targets(from) {
    var out = {};
    state.legal.forEach(function (u) { if (u.slice(0, 2) === from) out[u.slice(2, 4)] = true; });
    return out;
  }
  function ownPiece(c) {
    return c && (mine() === "white" ? c === c.toUpperCase() : c === c.toLowerCase());
  }

  function drawBoard() {
    var at = placement(fen());
    var plies = view().plies;
    var last = plies.length ? plies[plies.length - 1].uci : "";
    var check = plies.length ? plies[plies.length - 1].check : view().start_check;
    var king = view().to_move === "white" ? "K" : "k";
    var tg = sel ? targets(sel) : {};
    Object.keys(squares).forEach(function (sq) {
      var el = squares[sq];
      var c = at[sq];
      var shown = el.firstChild ? el.getAttribute("data-piece") : null;
      if ((c || null) !== shown) {
        while (el.firstChild) el.removeChild(el.firstChild);
        if (c) el.appendChild(pieceSvg(c));
      }
      if (c) el.setAttribute("data-piece", c); else el.removeAttribute("data-piece");
      el.setAttribute("aria-label", sq + (c ? ", " + (c === c.toUpperCase() ? "white " : "black ") + NAMES[c.toLowerCase()] : ""));
      el.classList.toggle("last", !!last && (last.slice(0, 2) === sq || last.slice(2, 4) === sq));
      el.classList.toggle("check", !!check && c === king);
      el.classList.toggle("sel", sel === sq);
      el.classList.toggle("target", !!tg[sq]);
      el.classList.toggle("occupied", !!c);
    });
  }

  function span(ms) {
    if (ms <= 0) return "0m";
    var m = Math.floor(ms / 60000), d = Math.floor(m / 1440), h = Math.floor((m % 1440) / 60);
    if (d > 0) return d + "d " + h + "h";
    if (h > 0) return h + "h " + (m % 60) + "m";
    return (m % 60) + "m";
  }
  function drawClocks() {
    var v = view();
    var top = $("clock-top"), bottom = $("clock-bottom");
    top.textContent = ""; bottom.textContent = "";
    $("seat-top").classList.toggle("turn", v.running && v.to_move === theirs());
    $("seat-bottom").classList.toggle("turn", v.running && v.to_move === mine());
    if (!v.running || !v.deadline) return;
    var left = span(new Date(v.deadline).getTime() - Date.now());
    var el = v.to_move === mine() ? bottom : top;
    el.textContent = left + " left";
    el.title = "Deadline " + new Date(v.deadline).toLocaleString();
  }

  function nameOf(color) { return view()[color].name; }
  function statusText() {
    var v = view();
    if (!v.running) {
      var how = ENDS[v.termination] || v.termination || "";
      if (v.result === "*") return "Game aborted.";
      if (v.result === "1/2-1/2") return "Draw (" + how + ").";
      var winner = v.result === "1-0" ? "white" : "black";
      return (winner === mine() ? "You won" : nameOf(winner) + " won") + " (" + how + "). " + v.result;
    }
    var s = v.to_move === mine() ? "Your move." : "Waiting for " + nameOf(theirs()) + "'s move.";
    if (v.draw_offer === theirs()) s += " " + nameOf(theirs()) + " offers a draw.";
    if (v.draw_offer === mine()) s += " You offered a draw.";
    if (state.takeback_offer === theirs()) s += " " + nameOf(theirs()) + " asks to take back a move.";
    if (state.takeback_offer === mine()) s += " You asked to take back a move.";
    return s;
  }
  function drawButtons() {
    var v = view(), on = v.running && !pending;
    $("draw").textContent = v.draw_offer === theirs() ? "Accept the draw" : "Offer a draw";
    $("draw").disabled = !on || v.draw_offer === mine();
    $("takeback").textContent = state.takeback_offer === theirs() ? "Agree to take back" : "Take back";
    $("takeback").disabled = !on || state.takeback_offer === mine() || v.plies.length === 0;
    $("abort").hidden = !v.running || v.plies.length >= 2;
    $("abort").disabled = !on;
    $("moretime").disabled = !on || v.to_move === mine();
    $("resign").disabled = !on;
    $("move-input").disabled = !v.running;
    $("move-send").disabled = !on || v.to_move !== mine();
    if (!v.running) { $("resign").hidden = false; $("resign-confirm").hidden = true; $("resign-cancel").hidden = true; }
  }
  function drawMoves() {
    var ol = $("moves");
    while (ol.firstChild) ol.removeChild(ol.firstChild);
    var plies = view().plies;
    var blackFirst = view().start_fen.split(" ")[1] === "b";
    var li = null;
    for (var i = 0; i < plies.length; i++) {
      var whiteMove = blackFirst ? i % 2 === 1 : i % 2 === 0;
      if (whiteMove || !li) {
        li = document.createElement("li");
        ol.appendChild(li);
        if (!whiteMove) { var gap = document.createElement("span"); gap.textContent = "…"; li.appendChild(gap); }
      }
      var s = document.createElement("span");
      s.textContent = plies[i].san;
      li.appendChild(s);
      if (!whiteMove) li = null;
    }
  }
  function render() {
    if (sel && !Object.keys(targets(sel)).length) sel = null;
    drawBoard();
    drawClocks();
    drawButtons();
    drawMoves();
    $("status").textContent = statusText();
  }
  function showError(text) { $("error").textContent = text || ""; }

  function apply(next) {
    if (!next) return;
    var before = view().plies.length;
    state = next;
    announce(view().plies, before, view().start_fen);
    render();
  }
  function refresh() {
    return fetch(root.getAttribute("data-state"), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(apply)
      .catch(function () {});
  }
  function send(body) {
    if (pending) return Promise.resolve(false);
    pending = true;
    drawButtons();
    showError("");
    return fetch(root.getAttribute("data-action"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; });
    }).then(function (a) {
      pending = false;
      if (a.ok) { sel = null; apply(a.body.state); return true; }
      showError(a.body && a.body.message ? a.body.message : "Refused.");
      render();
      if (a.status === 409) refresh();
      return false;
    }).catch(function () {
      pending = false;
      showError("The page could not reach the bot. Try again.");
      render();
      return false;
    });
  }
  function play(uci) {
    return send({ action: "move", move: uci, ply: view().plies.length });
  }
  function tryMove(from, to) {
    var options = state.legal.filter(function (u) { return u.slice(0, 4) === from + to; });
    if (options.length === 0) return;
    if (options.length > 1) { promoFor = from + to; $("promo").hidden = false; return; }
    sel = null;
    play(options[0]);
  }

  function squareAt(x, y) {
    var el = document.elementFromPoint(x, y);
    el = el && el.closest ? el.closest("[data-square]") : null;
    return el && board.contains(el) ? el.getAttribute("data-square") : null;
  }
  function select(sq) {
    var at = placement(fen());
    if (sq && ownPiece(at[sq]) && Object.keys(targets(sq)).length) sel = sq; else sel = null;
    drawBoard();
  }
  function tap(sq) {
    if (!view().running || pending) return;
    if (sel && targets(sel)[sq]) { tryMove(sel, sq); return; }
    select(sq === sel ? null : sq);
  }
  board.addEventListener("pointerdown", function (e) {
    var sq = e.target.closest ? e.target.closest("[data-square]") : null;
    if (!sq || e.button > 0) return;
    sq = sq.getAttribute("data-square");
    e.preventDefault();
    if (sel && targets(sel)[sq]) { tap(sq); return; }
    if (sq !== sel) tap(sq);
    if (sel === sq && view().running && !pending) {
      drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null };
      try { board.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointers */ }
    }
  });
  board.addEventListener("pointermove", function (e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 6) return;
      var from = squares[drag.from];
      var size = from.getBoundingClientRect().width;
      drag.ghost = pieceSvg(from.getAttribute("data-piece"));
      drag.ghost.setAttribute("class", "pc ghost");
      drag.ghost.style.width = size + "px";
      drag.ghost.style.height = size + "px";
      drag.size = size;
      document.body.appendChild(drag.ghost);
      from.classList.add("lifted");
    }
    drag.ghost.style.left = e.clientX - drag.size / 2 + "px";
    drag.ghost.style.top = e.clientY - drag.size / 2 + "px";
  });
  function endDrag(e, drop) {
    if (!drag || e.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    squares[d.from].classList.remove("lifted");
    if (!drop) return;
    var to = squareAt(e.clientX, e.clientY);
    if (to && to !== d.from && targets(d.from)[to]) tryMove(d.from, to);
  }
  board.addEventListener("pointerup", function (e) { endDrag(e, true); });
  board.addEventListener("pointercancel", function (e) { endDrag(e, false); });
  board.addEventListener("keydown", function (e) {
    var sq = e.target.getAttribute && e.target.getAttribute("data-square");
    if (sq && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); tap(sq); }
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-promo]"), function (b) {
    b.addEventListener("click", function () {
      var uci = promoFor + b.getAttribute("data-promo");
      $("promo").hidden = true;
      promoFor = null;
      sel = null;
      play(uci);
    });
  });
  $("promo-cancel").addEventListener("click", function () { $("promo").hidden = true; promoFor = null; });

  function typed() {
    var text = $("move-input").value.trim();
    if (!text) return;
    play(text).then(function (ok) { if (ok) $("move-input").value = ""; });
  }
  $("move-send").addEventListener("click", typed);
  $("move-input").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); typed(); }
  });
  $("draw").addEventListener("click", function () { send({ action: "draw" }); });
  $("takeback").addEventListener("click", function () { send({ action: "takeback" }); });
  $("abort").addEventListener("click", function () { send({ action: "abort" }); });
  $("moretime").addEventListener("click", function () { send({ action: "moretime" }); });
  function confirming(on) {
    $("resign").hidden = on;
    $("resign-confirm").hidden = !on;
    $("resign-cancel").hidden = !on;
  }
  $("resign").addEventListener("click", function () { confirming(true); $("resign-confirm").focus(); });
  $("resign-cancel").addEventListener("click", function () { confirming(false); });
  $("resign-confirm").addEventListener("click", function () {
    confirming(false);
    send({ action: "resign", confirm: true });
  });

  // Live: the spectator stream says when the game changed; the player's
  // own state (legal moves) is read again then.
  if (window.EventSource) {
    var es = new EventSource(root.getAttribute("data-events"));
    es.addEventListener("state", function (e) {
      try {
        var v = JSON.parse(e.data);
        var now = view();
        if (v.plies.length === now.plies.length && v.draw_offer === now.draw_offer &&
            v.running === now.running && v.deadline === now.deadline && v.updated_at === now.updated_at) return;
      } catch (err) { /* read it all again */ }
      refresh();
    });
  }
  setInterval(drawClocks, 30000);
  render();
})();
