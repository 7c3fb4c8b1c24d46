// Follows one submission in the outbox: waiting, failed, or gone — which means delivered, since the outbox
// only ever removes an item on a 2xx or when the visitor discards it.
import { useEffect, useState } from 'react';
import { listen } from './outbox-channel';
import { getItem } from './outbox-db';

export type OutboxItemState = 'waiting' | 'failed' | 'sent';

export function useOutboxItemState(id: string): OutboxItemState {
  const [state, setState] = useState<OutboxItemState>('waiting');
  useEffect(() => {
    let alive = true;
    const check = () =>
      void getItem(id).then((item) => {
        if (alive) setState(!item ? 'sent' : item.state === 'failed' ? 'failed' : 'waiting');
      });
    check();
    const stop = listen(check);
    return () => {
      alive = false;
      stop();
    };
  }, [id]);
  return state;
}
