import { type FigureReport, figureMessages, type SiteSettingsResponse } from '@cashtips/contract/site';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useSaveSiteSettings } from '../api/save-site-settings.ts';
import { serverFieldErrors } from '../utils/form-draft.ts';
import {
  draftFromSettings,
  type SiteSettingsDraft,
  validateSettingsDraft,
} from '../utils/site-settings-draft.ts';
import { FormSection } from './form-section.tsx';

/** Under a measured figure's box: what it is measured from and its value now (PRODUCT 13). */
function measuredHint(key: 'users' | 'accuracy', report: FigureReport, set: string | null): string {
  const measured =
    report.measured === null
      ? `nothing yet (${key === 'users' ? figureMessages.usersNothing : figureMessages.accuracyNothing}), so the figure is hidden`
      : key === 'users'
        ? figureMessages.usersMeasured(report.measured)
        : figureMessages.accuracyMeasured(report.measured);
  const above = report.setAboveMeasured
    ? ` The ${set} set earlier is above it and is not shown; saving clears it.`
    : '';
  return `Measured: ${measured}. Leave empty to show the measured figure; a higher one is refused.${above}`;
}

const satisfactionHint = 'It cannot be measured: hidden unless you set it. Leave empty to hide it.';

/**
 * The landing page's figures and the community links. Users and accuracy show their measured value
 * under the box; a figure above it is refused by the server (422), and that message lands on the field.
 * Checked with the contract's schema, then saved whole; the server's field errors land next to their fields.
 */
export function SiteSettingsForm({ settings, figures }: Pick<SiteSettingsResponse, 'settings' | 'figures'>) {
  const mutation = useSaveSiteSettings();
  const [draft, setDraft] = useState<SiteSettingsDraft>(() => draftFromSettings({ settings, figures }));
  const [saved, setSaved] = useState(false);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<string>();
  const set = (key: keyof SiteSettingsDraft, value: string) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(false);
    setFormError(null);
    const result = validateSettingsDraft(draft);
    if (!result.ok) {
      setFormError('Check the highlighted fields.');
      reject(result.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await mutation.mutateAsync(result.body);
      setDraft(draftFromSettings(answer));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) reject(serverFieldErrors(error.errors));
      setFormError(errorMessage(error, 'The settings were not saved. Please try again.'));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Site settings"
      className="flex min-w-0 flex-col gap-4"
    >
      <FormSection title="Landing page figures">
        <p className="mb-3 text-sm text-emerald-100/75">
          Users and accuracy are measured: you may show a lower figure, never a higher one. Satisfaction is
          shown only if you set it. A figure with nothing to measure is hidden.
        </p>
        <div className="grid gap-x-3 gap-y-2 lg:grid-cols-3">
          <TextField
            label="Users"
            name="figures.users"
            autoComplete="off"
            maxLength={20}
            placeholder={figures.users.measured ?? ''}
            hint={measuredHint('users', figures.users, settings.figures.users)}
            value={draft.users}
            onChange={(event) => set('users', event.target.value)}
            error={errors['figures.users']}
          />
          <TextField
            label="Accuracy"
            name="figures.accuracy"
            autoComplete="off"
            maxLength={20}
            placeholder={figures.accuracy.measured ?? ''}
            hint={measuredHint('accuracy', figures.accuracy, settings.figures.accuracy)}
            value={draft.accuracy}
            onChange={(event) => set('accuracy', event.target.value)}
            error={errors['figures.accuracy']}
          />
          <TextField
            label="Satisfaction"
            name="figures.satisfaction"
            autoComplete="off"
            maxLength={20}
            hint={satisfactionHint}
            value={draft.satisfaction}
            onChange={(event) => set('satisfaction', event.target.value)}
            error={errors['figures.satisfaction']}
          />
        </div>
      </FormSection>

      <FormSection title="Community links">
        <div className="grid gap-x-3 gap-y-2">
          <TextField
            label="Telegram channel (optional)"
            name="community.telegram"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://t.me/…"
            hint="The channel’s t.me link; leave it empty for none."
            value={draft.telegram}
            onChange={(event) => set('telegram', event.target.value)}
            error={errors['community.telegram']}
          />
          <TextField
            label="WhatsApp community (optional)"
            name="community.whatsapp"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…"
            hint="The community’s chat.whatsapp.com invite link; leave it empty for none."
            value={draft.whatsapp}
            onChange={(event) => set('whatsapp', event.target.value)}
            error={errors['community.whatsapp']}
          />
        </div>
      </FormSection>

      <FormAlert message={formError} />
      <FormAlert tone="success" message={saved ? 'Site settings saved.' : null} />
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" loading={mutation.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
