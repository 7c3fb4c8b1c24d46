// The admin's mail setting: a short confirmation to the visitor who sent a form (off by default).
import { ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { SwitchField } from '../../../components/ui/switch-field';
import { OFFLINE_WRITE_REASON, useWritesPaused } from '../../../lib/offline-data';
import { useMailStore } from '../mail-store';

export function MailSettingsPanel() {
  const settings = useMailStore((s) => s.settings);
  const error = useMailStore((s) => s.settingsError);
  const saving = useMailStore((s) => s.savingSettings);
  const paused = useWritesPaused();
  if (error && !settings) return <ErrorPanel title="Failed to load the mail settings" detail={error} onRetry={() => void useMailStore.getState().loadSettings()} />;
  if (!settings) return <LoadingText>Loading the mail settings…</LoadingText>;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <SwitchField
        label="Confirmation to visitors"
        hint="E-mail the person who sent a form what they asked for: at most one per address a day, never for suspected spam."
        checked={settings.visitorConfirmation}
        onChange={(on) => void useMailStore.getState().setVisitorConfirmation(on)}
        disabled={saving || paused}
        disabledReason={paused ? OFFLINE_WRITE_REASON : undefined}
      />
    </div>
  );
}
