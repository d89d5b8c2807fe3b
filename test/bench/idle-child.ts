// Child process of stream-wait.bench.ts that does nothing but measure its own event loop while the
// benchmark streams: the delay any process on this machine sees in the same span (the browser, the
// service and the host share two cores), against which the host's own delay is judged.
import { serveSpans } from './span-meter.ts';

serveSpans(() => process.exit(0));
process.send!({ t: 'ready', url: '' });
