// After a failed submit, move focus to the first field marked invalid, so keyboard and screen-reader users
// land on the problem (its message is read through aria-describedby).
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
