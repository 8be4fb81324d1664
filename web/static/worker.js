// The engine's worker: the WebAssembly module, one request at a time.
//
// A request is {id, kind, args}; the reply is {id, reply} with the module's
// JSON answer parsed, or {id, crashed: true, error} when the module trapped
// (a panic, or the browser's own stack or memory limit): the page then ends
// this worker and starts another, since a module that trapped may hold
// half-changed state.
import init, { Calculator, analyse, last_panic, options, rulesets } from './pkg/onag_web.js';

let calculator = null;
const ready = init().then(() => {
  calculator = new Calculator();
  self.postMessage({ ready: true });
});

function answer(kind, args) {
  switch (kind) {
    case 'eval':
      return calculator.eval(args.number, args.input, args.limits);
    case 'rulesets':
      return rulesets();
    case 'analyse':
      return analyse(args.ruleset, args.position, args.params, args.limits);
    case 'options':
      return options(args.ruleset, args.position, args.params, args.limits);
    default:
      return JSON.stringify({ ok: false, error: `error: unknown request '${kind}'` });
  }
}

self.onmessage = async (event) => {
  await ready;
  const { id, kind, args } = event.data;
  let reply;
  try {
    reply = answer(kind, args);
  } catch (err) {
    let panic = '';
    try {
      panic = last_panic();
    } catch (_) {
      // The module cannot even say why: the error itself is all there is.
    }
    const why = panic || `${err}`;
    self.postMessage({ id, crashed: true, error: `error: the engine stopped: ${why}` });
    return;
  }
  self.postMessage({ id, reply: JSON.parse(reply) });
};
