// The page: a worksheet for the calculator and boards for the rulesets,
// every answer from the engine's worker (worker.js).
//
// Stop ends the worker and starts a new one (a cancel flag would need
// memory shared with the worker, which a browser grants only to a
// cross-origin isolated page); the worksheet's inputs that succeeded are
// then run again in the new worker, so its variables are back.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- engine

class Engine {
  constructor(onBusy) {
    this.onBusy = onBusy;
    this.pending = new Map();
    this.nextId = 1;
    this.restarts = 0;
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js', { type: 'module' });
    this.ready = new Promise((resolve) => {
      this.worker.onmessage = (event) => {
        const message = event.data;
        if (message.ready) {
          resolve();
          return;
        }
        const request = this.pending.get(message.id);
        if (!request) return;
        this.pending.delete(message.id);
        this.busyChanged();
        if (message.crashed) {
          request.resolve({ ok: false, error: message.error, crashed: true });
          this.restart();
        } else {
          request.resolve(message.reply);
        }
      };
    });
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(`error: the engine could not start: ${event.message || 'no WebAssembly'}`);
    };
  }

  busyChanged() {
    const visible = [...this.pending.values()].filter((r) => !r.quiet).length;
    this.onBusy(visible);
  }

  // Sends a request; resolves with the module's JSON reply.
  call(kind, args, quiet = false) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, quiet });
      this.busyChanged();
      this.worker.postMessage({ id, kind, args });
    });
  }

  failAll(error) {
    const requests = [...this.pending.values()];
    this.pending.clear();
    this.busyChanged();
    for (const r of requests) r.resolve({ ok: false, error, stopped: true });
  }

  // Ends the worker and whatever it computes; every pending request is
  // answered `error: interrupted`, as the command line answers Ctrl-C.
  restart() {
    this.worker.terminate();
    this.failAll('error: interrupted');
    this.restarts++;
    this.start();
    // After the answers of the requests just ended have been seen.
    if (this.onRestart) setTimeout(() => this.onRestart(), 0);
  }
}

const engine = new Engine((busy) => {
  $('stop').disabled = busy === 0;
  $('status').textContent = busy === 0 ? 'ready' : 'computing…';
  $('status').classList.toggle('busy', busy > 0);
});
engine.ready.then(() => {
  if ($('status').textContent.startsWith('starting')) $('status').textContent = 'ready';
});
$('stop').addEventListener('click', () => engine.restart());

// ---------------------------------------------------------------- limits

// The memory size as the command line reads it: bytes, or K, M, G, T.
function memoryBytes(text) {
  const m = /^(\d+)\s*([KMGT]?)(?:I?B)?$/i.exec(text.trim());
  if (!m) throw new Error(`--max-memory ${text}: must be a number of bytes with an optional unit K, M, G or T (e.g. 4G)`);
  const shift = { '': 0, K: 10, M: 20, G: 30, T: 40 }[m[2].toUpperCase()];
  return Number(m[1]) * 2 ** shift;
}

function wholeNumber(text, option) {
  if (!/^\d+$/.test(text.trim())) throw new Error(`${option} ${text}: must be a whole number`);
  return Number(text.trim());
}

// The limits as JSON for the module, or throws the one-line error.
function limits() {
  const out = {};
  const positions = $('max-positions').value.trim();
  const memory = $('max-memory').value.trim();
  const timeout = $('timeout').value.trim();
  if (positions) out.max_positions = wholeNumber(positions, '--max-positions');
  if (memory) out.max_memory = memoryBytes(memory);
  if (timeout) out.timeout = wholeNumber(timeout, '--timeout');
  return JSON.stringify(out);
}

function checkedLimits(errorElement) {
  try {
    const json = limits();
    $('limits-error').textContent = '';
    return json;
  } catch (err) {
    $('limits-error').textContent = `error: ${err.message}`;
    errorElement.textContent = `error: ${err.message}`;
    return null;
  }
}

// ---------------------------------------------------------------- tabs

function showTab(name) {
  for (const tab of document.querySelectorAll('.tab')) {
    tab.classList.toggle('selected', tab.dataset.tab === name);
  }
  $('worksheet').hidden = name !== 'worksheet';
  $('boards').hidden = name !== 'boards';
}
for (const tab of document.querySelectorAll('.tab')) {
  tab.addEventListener('click', () => showTab(tab.dataset.tab));
}

// ---------------------------------------------------------------- worksheet

const worksheet = {
  inputs: [], // {number, input, ok}
  recall: -1,
};

function addHistory(number, input, answer) {
  const li = document.createElement('li');
  const code = document.createElement('code');
  code.className = 'in';
  code.dataset.number = number;
  code.textContent = input;
  code.title = 'put this input back';
  code.addEventListener('click', () => {
    $('calc-input').value = input;
    $('calc-input').focus();
  });
  const out = document.createElement('pre');
  out.className = answer.ok ? 'out' : 'out failed';
  out.textContent = answer.text;
  li.append(code, out);
  if (answer.ok && answer.text) {
    // A list may be a Grundy sequence, anything else a game: drawn on
    // request, and a value that is neither says so.
    const list = answer.text.startsWith('[');
    const draw = document.createElement('button');
    draw.type = 'button';
    draw.className = 'draw';
    draw.textContent = list ? 'plot' : 'thermograph';
    draw.title = list ? 'plot it as Grundy values' : 'draw its thermograph';
    const shown = document.createElement('div');
    shown.className = 'picture';
    draw.addEventListener('click', async () => {
      if (shown.childNodes.length) {
        shown.replaceChildren();
        return;
      }
      let reply;
      try {
        reply = await (list ? grundySvg(input, answer.text) : thermographSvg(answer.text));
      } catch (err) {
        reply = { ok: false, error: `error: the picture could not be drawn: ${err}` };
        pictures = null;
      }
      if (reply.ok) {
        shown.innerHTML = reply.svg;
      } else {
        const e = document.createElement('span');
        e.className = 'error';
        e.textContent = reply.error;
        shown.append(e);
      }
    });
    li.append(draw, shown);
  }
  $('history').append(li);
  return li;
}

async function evaluate(input) {
  $('calc-error').textContent = '';
  if (!input.trim()) return;
  const limitsJson = checkedLimits($('calc-error'));
  if (limitsJson === null) return;
  const number = worksheet.inputs.length + 1;
  const entry = { number, input, ok: false };
  worksheet.inputs.push(entry);
  worksheet.recall = -1;
  history.replaceState(null, '', `#eval=${encodeURIComponent(input)}`);
  const reply = await engine.call('eval', { number, input, limits: limitsJson });
  const answer = reply.ok ? reply.answer : { ok: false, text: reply.error };
  entry.ok = answer.ok;
  addHistory(number, input, answer);
  if (answer.ok) {
    $('calc-input').value = '';
  } else {
    // The error beside the input, which stays there to be corrected.
    $('calc-error').textContent = answer.text;
  }
  $('calc-input').focus();
}

// After a restart the inputs that succeeded are run again, so the new
// session has the variables they assigned.
engine.onRestart = () => {
  for (const { number, input, ok } of worksheet.inputs) {
    if (!ok) continue;
    let limitsJson;
    try {
      limitsJson = limits();
    } catch (_) {
      limitsJson = '';
    }
    const entry = worksheet.inputs.find((e) => e.number === number);
    engine.call('eval', { number, input, limits: limitsJson }, true).then((reply) => {
      // An input stopped while it was run again is not run a third time.
      if (reply.stopped) entry.ok = false;
    });
  }
};

$('calc-form').addEventListener('submit', (event) => {
  event.preventDefault();
  evaluate($('calc-input').value);
});
$('calc-input').addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  const n = worksheet.inputs.length;
  if (n === 0) return;
  event.preventDefault();
  if (event.key === 'ArrowUp') {
    worksheet.recall = worksheet.recall < 0 ? n - 1 : Math.max(0, worksheet.recall - 1);
  } else {
    worksheet.recall = worksheet.recall < 0 ? -1 : worksheet.recall + 1;
    if (worksheet.recall >= n) worksheet.recall = -1;
  }
  $('calc-input').value = worksheet.recall < 0 ? '' : worksheet.inputs[worksheet.recall].input;
});

// ---------------------------------------------------------------- boards

const board = {
  rulesets: [],
  ruleset: null, // the RulesetInfo
  position: '',
  params: [],
  toMove: 'Left',
  undo: [], // {position, toMove}
  report: null,
  options: null,
  picked: [], // cell indices clicked towards a move
  serial: 0, // the newest valuation; older answers are dropped
};

const OUTCOMES = {
  L: 'L (Left wins, whoever starts)',
  R: 'R (Right wins, whoever starts)',
  P: 'P (the player to move loses)',
  N: 'N (the player to move wins)',
};

function paramsList() {
  return $('params').value.split(/[;\n]/).map((s) => s.trim()).filter((s) => s);
}

function isBoard() {
  return board.ruleset && board.ruleset.cells.length > 0;
}

// The cells of a position written as rows separated by `|`.
function cellsOf(text) {
  return text.split('|').map((row) => [...row]);
}

// The indices (row * width + column) where two positions of one shape
// differ, or null when their shapes differ.
function changedCells(a, b) {
  const ra = cellsOf(a);
  const rb = cellsOf(b);
  if (ra.length !== rb.length) return null;
  const width = Math.max(...ra.map((r) => r.length));
  const changed = [];
  for (let i = 0; i < ra.length; i++) {
    if (ra[i].length !== rb[i].length) return null;
    for (let j = 0; j < ra[i].length; j++) {
      if (ra[i][j] !== rb[i][j]) changed.push(i * width + j);
    }
  }
  return changed;
}

function cellClass(c) {
  return c === '#' ? 'c-hash' : c === '.' ? 'c-empty' : `c-${c.toLowerCase()}`;
}

function updateAddress() {
  const params = board.params.length ? `&params=${encodeURIComponent(board.params.join(';'))}` : '';
  history.replaceState(null, '', `#play=${board.ruleset.command}:${encodeURIComponent(board.position)}${params}`);
}

function drawBoard() {
  const el = $('board');
  el.replaceChildren();
  if (!isBoard()) return;
  const rows = cellsOf(board.position);
  const width = Math.max(...rows.map((r) => r.length));
  el.style.gridTemplateColumns = `repeat(${width}, auto)`;
  const winning = new Set();
  if (board.report) {
    const moves = board.toMove === 'Left' ? board.report.left_winning_moves : board.report.right_winning_moves;
    for (const m of moves) for (const i of changedCells(board.position, m.position) || []) winning.add(i);
  }
  rows.forEach((row, i) => {
    for (let j = 0; j < width; j++) {
      const c = row[j];
      const index = i * width + j;
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.dataset.index = index;
      cell.dataset.row = i;
      cell.dataset.col = j;
      if (c === undefined) {
        cell.disabled = true;
        cell.style.visibility = 'hidden';
      } else {
        cell.textContent = c === '.' || c === '#' ? '' : c;
        cell.classList.add(cellClass(c));
        cell.title = `row ${i + 1}, column ${j + 1}: '${c}'`;
      }
      if (winning.has(index)) cell.classList.add('win');
      if (board.picked.includes(index)) cell.classList.add('picked');
      cell.addEventListener('click', () => clickCell(i, j, index));
      el.append(cell);
    }
  });
}

function drawAnalysis() {
  const el = $('analysis');
  el.replaceChildren();
  const r = board.report;
  if (!r) return;
  const dl = document.createElement('dl');
  const rows = [
    ['value', r.value],
    ...(r.nim_value !== undefined ? [['nim value', `${r.nim_value}`]] : []),
    ['outcome', OUTCOMES[r.outcome] || r.outcome],
    ['mean', r.mean],
    ['temperature', r.temperature],
  ];
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    dd.id = `analysis-${k.replace(' ', '-')}`;
    dl.append(dt, dd);
  }
  el.append(dl);
}

function moveList(title, moves, player, key) {
  const div = document.createElement('div');
  div.dataset.list = key;
  const h = document.createElement('h3');
  h.textContent = title;
  div.append(h);
  if (moves.length === 0) {
    const p = document.createElement('p');
    p.textContent = 'none';
    div.append(p);
    return div;
  }
  const ul = document.createElement('ul');
  for (const m of moves) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.player = player;
    b.textContent = m.position;
    b.title = `play it (${player})`;
    b.addEventListener('click', () => play(m.position, player));
    const cells = changedCells(board.position, m.position) || [];
    b.addEventListener('mouseenter', () => highlight(cells, true));
    b.addEventListener('mouseleave', () => highlight(cells, false));
    const then = document.createElement('span');
    then.className = 'then';
    then.textContent = m.value;
    li.append(b, document.createTextNode('   (then '), then, document.createTextNode(')'));
    ul.append(li);
  }
  div.append(ul);
  return div;
}

function highlight(cells, on) {
  for (const i of cells) {
    const cell = $('board').querySelector(`[data-index="${i}"]`);
    if (cell) cell.classList.toggle('hover', on);
  }
}

function drawMoves() {
  const el = $('moves');
  el.replaceChildren();
  const r = board.report;
  if (!r) return;
  el.append(moveList("Left's winning moves", r.left_winning_moves, 'Left', 'left-winning'));
  el.append(moveList("Right's winning moves", r.right_winning_moves, 'Right', 'right-winning'));
  if (board.options) {
    const mover = board.toMove;
    const all = mover === 'Left' ? board.options.left : board.options.right;
    el.append(moveList(`Every move of ${mover} (${all.length})`, all, mover, 'all'));
  }
}

// The library's thermograph pictures, drawn by a second instance of the
// module on this thread: the picture module measures its text with the
// page's DOM, which the worker has not. A picture of a canonical form is
// quick; a time limit of 5 seconds keeps the page from freezing on a huge one.
let pictures = null;
async function picture(draw) {
  if (!pictures) {
    pictures = import('./pkg/onag_web.js').then(async (m) => {
      await m.default();
      return m;
    });
  }
  const m = await pictures;
  let own;
  try {
    own = JSON.parse(limits());
  } catch (err) {
    return { ok: false, error: `error: ${err.message}` };
  }
  own.timeout = Math.min(own.timeout || 5, 5);
  return JSON.parse(draw(m, JSON.stringify(own)));
}

function thermographSvg(game) {
  return picture((m, json) => m.thermograph_svg(game, json));
}

function grundySvg(title, list) {
  return picture((m, json) => m.grundy_svg(title, list, json));
}

async function drawThermograph(serial) {
  const el = $('thermograph');
  el.replaceChildren();
  if (!board.report) return;
  let reply;
  try {
    reply = await thermographSvg(board.report.value);
  } catch (err) {
    reply = { ok: false, error: `error: the picture could not be drawn: ${err}` };
    pictures = null;
  }
  if (serial !== board.serial) return;
  if (reply.ok) {
    el.innerHTML = reply.svg;
  } else {
    el.textContent = reply.error;
  }
}

function drawAll() {
  $('undo').disabled = board.undo.length === 0;
  $('to-move').value = board.toMove;
  drawBoard();
  drawAnalysis();
  drawMoves();
}

function setError(text) {
  $('board-error').textContent = text;
}

// Values the position shown (its report, then its options), and lets the
// engine move when it is its turn.
async function valuePosition() {
  const serial = ++board.serial;
  setError('');
  board.report = null;
  board.options = null;
  board.picked = [];
  $('thermograph').replaceChildren();
  $('position').value = board.position;
  updateAddress();
  drawAll();
  const limitsJson = checkedLimits($('board-error'));
  if (limitsJson === null) return;
  const args = {
    ruleset: board.ruleset.command,
    position: board.position,
    params: JSON.stringify(board.params),
    limits: limitsJson,
  };
  const reply = await engine.call('analyse', args);
  if (serial !== board.serial) return;
  if (!reply.ok) {
    setError(reply.error);
    drawAll();
    return;
  }
  board.report = reply.report;
  drawAll();
  resetExplorer();
  drawThermograph(serial);
  const options = await engine.call('options', args);
  if (serial !== board.serial) return;
  if (!options.ok) {
    setError(options.error);
    return;
  }
  board.options = options.options;
  drawAll();
  engineMove();
}

// The engine's move, when it plays the side to move: a winning move when
// it has one, else its first move.
function engineMove() {
  if ($('engine-side').value !== board.toMove || !board.report || !board.options) return;
  const winning = board.toMove === 'Left' ? board.report.left_winning_moves : board.report.right_winning_moves;
  const all = board.toMove === 'Left' ? board.options.left : board.options.right;
  const choice = winning[0] || all[0];
  if (choice) play(choice.position, board.toMove);
}

function play(position, player) {
  board.undo.push({ position: board.position, toMove: board.toMove });
  board.position = position;
  board.toMove = player === 'Left' ? 'Right' : 'Left';
  valuePosition();
}

function clickCell(i, j, index) {
  const mode = document.querySelector('input[name="mode"]:checked').value;
  if (mode === 'edit') {
    const rows = cellsOf(board.position);
    const chars = board.ruleset.cells;
    const c = rows[i][j];
    rows[i][j] = chars[(chars.indexOf(c) + 1) % chars.length];
    board.undo.push({ position: board.position, toMove: board.toMove });
    board.position = rows.map((r) => r.join('')).join('|');
    valuePosition();
    return;
  }
  if (!board.options) return;
  const mover = board.toMove;
  const all = mover === 'Left' ? board.options.left : board.options.right;
  const picked = board.picked.includes(index) ? board.picked.filter((k) => k !== index) : [...board.picked, index];
  const fits = all.filter((m) => {
    const cells = changedCells(board.position, m.position);
    return cells && picked.every((k) => cells.includes(k));
  });
  if (fits.length === 0) {
    board.picked = [];
    setError(`no move of ${mover} changes ${picked.length === 1 ? 'that cell' : 'those cells'}`);
    drawBoard();
    return;
  }
  setError('');
  const exact = fits.filter((m) => changedCells(board.position, m.position).length === picked.length);
  if (fits.length === 1 || exact.length === 1) {
    play((exact.length === 1 ? exact : fits)[0].position, mover);
    return;
  }
  board.picked = picked;
  drawBoard();
}

function resize(rowsDelta, colsDelta) {
  const rows = cellsOf(board.position);
  const empty = board.ruleset.cells[0];
  let width = Math.max(...rows.map((r) => r.length)) + colsDelta;
  let height = rows.length + rowsDelta;
  if (board.ruleset.family === 'Strip') height = 1;
  width = Math.max(1, width);
  height = Math.max(1, height);
  const out = [];
  for (let i = 0; i < height; i++) {
    const row = rows[i] || [];
    out.push(Array.from({ length: width }, (_, j) => row[j] || empty).join(''));
  }
  board.undo.push({ position: board.position, toMove: board.toMove });
  board.position = out.join('|');
  valuePosition();
}

function chooseRuleset(command, position, params) {
  const r = board.rulesets.find((x) => x.command === command);
  if (!r) {
    setError(`error: no ruleset is called '${command}' (there are ${board.rulesets.map((x) => x.command).join(', ')})`);
    return false;
  }
  board.ruleset = r;
  $('ruleset').value = r.command;
  $('ruleset-about').textContent = `${r.name} (${r.path}): ${r.about}`;
  $('params').value = (params || r.example_params).join('; ');
  board.params = paramsList();
  board.position = position ?? r.example;
  board.undo = [];
  board.toMove = 'Left';
  const editable = r.cells.length > 0;
  for (const id of ['board-size-row', 'board-size-col', 'board-size-shrink']) $(id).hidden = !editable;
  $('board-size-row').hidden = !editable || r.family === 'Strip';
  valuePosition();
  return true;
}

$('ruleset').addEventListener('change', () => chooseRuleset($('ruleset').value));
$('board-form').addEventListener('submit', (event) => {
  event.preventDefault();
  board.params = paramsList();
  board.undo.push({ position: board.position, toMove: board.toMove });
  board.position = $('position').value.trim();
  valuePosition();
});
$('to-move').addEventListener('change', () => {
  board.toMove = $('to-move').value;
  board.picked = [];
  drawAll();
  engineMove();
});
$('engine-side').addEventListener('change', () => engineMove());
$('undo').addEventListener('click', () => {
  const last = board.undo.pop();
  if (!last) return;
  board.position = last.position;
  board.toMove = last.toMove;
  // Undo goes back past the engine's answer to the user's own turn.
  if ($('engine-side').value === board.toMove && board.undo.length > 0) {
    const before = board.undo.pop();
    board.position = before.position;
    board.toMove = before.toMove;
  }
  valuePosition();
});
$('board-size-row').addEventListener('click', () => resize(1, 0));
$('board-size-col').addEventListener('click', () => resize(0, 1));
$('board-size-shrink').addEventListener('click', () => resize(-1, -1));

// ---------------------------------------------------------------- explorer

function explorerNode(who, position, value) {
  const li = document.createElement('li');
  const expand = document.createElement('button');
  expand.type = 'button';
  expand.textContent = '+';
  expand.className = 'expand';
  expand.title = 'show its options';
  const label = document.createElement('span');
  if (who) {
    const w = document.createElement('span');
    w.className = 'who';
    w.textContent = who;
    label.append(w);
  }
  const pos = document.createElement('button');
  pos.type = 'button';
  pos.className = 'pos';
  pos.textContent = position;
  pos.title = 'show it on the board';
  pos.addEventListener('click', () => {
    board.undo.push({ position: board.position, toMove: board.toMove });
    board.position = position;
    valuePosition();
  });
  const v = document.createElement('span');
  v.className = 'value';
  v.textContent = value;
  label.append(pos, v);
  li.append(expand, label);
  let children = null;
  expand.addEventListener('click', async () => {
    if (children) {
      children.remove();
      children = null;
      expand.textContent = '+';
      return;
    }
    const limitsJson = checkedLimits($('board-error'));
    if (limitsJson === null) return;
    expand.disabled = true;
    const reply = await engine.call('options', {
      ruleset: board.ruleset.command,
      position,
      params: JSON.stringify(board.params),
      limits: limitsJson,
    });
    expand.disabled = false;
    children = document.createElement('ul');
    children.className = 'tree';
    if (!reply.ok) {
      const e = document.createElement('li');
      e.className = 'error';
      e.textContent = reply.error;
      children.append(e);
    } else {
      for (const o of reply.options.left) children.append(explorerNode('L', o.position, o.value));
      for (const o of reply.options.right) children.append(explorerNode('R', o.position, o.value));
      if (!reply.options.left.length && !reply.options.right.length) {
        const e = document.createElement('li');
        e.textContent = 'no moves';
        children.append(e);
      }
    }
    expand.textContent = '−';
    li.append(children);
  });
  return li;
}

function resetExplorer() {
  $('explorer').replaceChildren();
  if (board.report) $('explorer').append(explorerNode('', board.position, board.report.value));
}

// ---------------------------------------------------------------- links

// `#eval=EXPR` evaluates EXPR in the worksheet; `#play=RULESET:POSITION`
// (and `&params=NAME=VALUE;...`) opens that board.
function followLink() {
  const hash = location.hash.slice(1);
  if (hash.startsWith('eval=')) {
    showTab('worksheet');
    const input = decodeURIComponent(hash.slice(5));
    $('calc-input').value = input;
    evaluate(input);
    return true;
  }
  if (hash.startsWith('play=')) {
    showTab('boards');
    let rest = hash.slice(5);
    let params = null;
    const amp = rest.indexOf('&params=');
    if (amp >= 0) {
      params = decodeURIComponent(rest.slice(amp + 8)).split(';').filter((s) => s);
      rest = rest.slice(0, amp);
    }
    const colon = rest.indexOf(':');
    const command = decodeURIComponent(colon < 0 ? rest : rest.slice(0, colon));
    const position = colon < 0 ? undefined : decodeURIComponent(rest.slice(colon + 1));
    if (!chooseRuleset(command, position, params)) chooseRuleset('domineering');
    return true;
  }
  return false;
}

window.addEventListener('hashchange', () => {
  // The page's own updates of the address are replaceState, not hashchange:
  // this is a link followed or an address typed.
  followLink();
});

async function main() {
  const reply = await engine.call('rulesets', {});
  board.rulesets = reply.ok ? reply.rulesets : [];
  for (const r of board.rulesets) {
    const option = document.createElement('option');
    option.value = r.command;
    option.textContent = `${r.name} (${r.command})`;
    $('ruleset').append(option);
  }
  if (!followLink()) {
    board.ruleset = null;
    chooseRuleset('domineering');
    history.replaceState(null, '', location.pathname);
  }
  document.body.dataset.ready = 'true';
}

main();
