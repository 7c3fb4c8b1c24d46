// The 1,000 staff screens of `npm run bench -- live`, in a process of their own so that reading the streams
// does not take the CPU of the process that sends the load. Asked (IPC) for a marker, it answers when every
// stream has carried it, with the wall-clock time the last one did.
import http from 'node:http';
import { readStream, streamHeaders } from './live-stream-client';

const [streamUrl, cookie, count] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4])];
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const now = () => performance.timeOrigin + performance.now();
const wanted = new Map<string, { left: number }>();
let ready = 0;

for (let i = 0; i < count; i++) {
  let seenReady = false;
  const seen = new Set<string>();
  const req = http.get(streamUrl, { headers: streamHeaders(cookie), agent }, (res) => {
    readStream(res, (chunk) => {
      if (!seenReady && chunk.includes('event: ready')) {
        seenReady = true;
        if (++ready === count) process.send!({ ready: true });
      }
      for (const [marker, state] of wanted) {
        if (seen.has(marker) || !chunk.includes(marker)) continue;
        seen.add(marker);
        if (--state.left === 0) {
          wanted.delete(marker);
          process.send!({ marker, at: now() });
        }
      }
    });
    res.on('error', () => {});
  });
  req.on('error', () => {});
}

process.on('message', (message: { wait: string }) => wanted.set(message.wait, { left: count }));
