// The one way to show a toast: one at a time, 5 s (spec §9, the <Toaster> in app/App.tsx). A destructive
// toast carries a title and a description, as the spec words them ('Error' / 'Failed to submit…').
import { toast } from 'sonner';

export function notifySuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function notifyError(title: string, description?: string) {
  toast.error(title, { description });
}
