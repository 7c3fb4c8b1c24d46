// The window title's count of unseen leads, "(3) Lead dashboard | DirectMailers Admin": the page's title comes
// from the route table (app/use-page-meta.ts), the count from the unseen-leads badge; either may change first.
let count = 0;
let base: string | null = null;

const PREFIX = /^\(\d+\) /;

export function titleWithCount(title: string): string {
  base = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${base}` : base;
}

export function setTitleCount(next: number): void {
  count = next;
  document.title = titleWithCount(base ?? document.title);
}
