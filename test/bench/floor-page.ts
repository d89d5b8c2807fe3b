// The floor of the user's wait: the least a page must do to show a streamed reply. Served at the
// simulator's own origin (the benchmark fulfils its address in the browser), it fetches the same stream as
// the app straight from the simulator, parses each event and appends the text once per animation frame, starting
// a paragraph at each blank line. `document.body.dataset.done` is set in the frame that shows the last
// token. Nothing else: no Markdown, no store, no host.
export const floorPage = (key: string): string => `<!doctype html>
<html><head><meta charset="utf-8"><title>floor</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:16px;max-width:760px}</style></head>
<body><button id="go">go</button><div id="out"></div>
<script>
const KEY = ${JSON.stringify(key)};
const out = document.getElementById('out');
document.getElementById('go').onclick = async () => {
  const tokens = Number(new URLSearchParams(location.search).get('tokens'));
  delete document.body.dataset.done;
  out.textContent = '';
  let para = null, pending = '', scheduled = false, ended = false;
  const frame = () => {
    scheduled = false;
    const parts = pending.split('\\n\\n');
    pending = '';
    parts.forEach((part, i) => {
      if (i > 0 || para === null) { para = document.createElement('p'); out.appendChild(para); }
      if (part !== '') para.append(part);
    });
    if (ended) document.body.dataset.done = '1';
  };
  const show = () => { if (!scheduled) { scheduled = true; requestAnimationFrame(frame); } };
  const res = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + KEY },
    body: JSON.stringify({ model: 'gpt-5-mini', stream: true, max_completion_tokens: 200000,
      messages: [{ role: 'user', content: 'Bench [[tokens:' + tokens + ']]' }] }),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let at = 0, cut;
    while ((cut = buf.indexOf('\\n\\n', at)) !== -1) {
      for (const line of buf.slice(at, cut).split('\\n')) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') continue;
        const piece = JSON.parse(data).choices?.[0]?.delta?.content;
        if (piece) pending += piece;
      }
      at = cut + 2;
    }
    buf = buf.slice(at);
    show();
  }
  ended = true;
  show();
};
</script></body></html>`;
