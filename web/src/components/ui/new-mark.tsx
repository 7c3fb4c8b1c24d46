import { Badge } from './badge';

/** A row that arrived live and has not been seen yet. */
export function NewMark() {
  return (
    <span className="ml-2 align-middle">
      <Badge tone="blue" data-new-mark="">
        New
      </Badge>
    </span>
  );
}
