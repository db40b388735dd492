import { type SiteSettings, type SiteSettingsResponse, siteSettingsSchema } from '@cashtips/contract/site';
import { checkDraft, type DraftResult } from './form-draft.ts';

/** The settings form as typed; an empty link hides its button on the site, an empty figure is measured. */
export interface SiteSettingsDraft {
  users: string;
  accuracy: string;
  satisfaction: string;
  telegram: string;
  whatsapp: string;
}

/**
 * The form's starting values. A figure set above the measured one is not shown on the site, so its box
 * starts empty (saving then stores it as measured) and the form says what was set.
 */
export function draftFromSettings({
  settings,
  figures,
}: Pick<SiteSettingsResponse, 'settings' | 'figures'>): SiteSettingsDraft {
  const figure = (key: 'users' | 'accuracy' | 'satisfaction') =>
    figures[key].setAboveMeasured ? '' : (settings.figures[key] ?? '');
  return {
    users: figure('users'),
    accuracy: figure('accuracy'),
    satisfaction: figure('satisfaction'),
    telegram: settings.community.telegram ?? '',
    whatsapp: settings.community.whatsapp ?? '',
  };
}

const limitMessages: Record<string, string> = {
  'community.telegram': 'The link is at most 200 characters.',
  'community.whatsapp': 'The link is at most 200 characters.',
};

/**
 * The whole settings object, checked with the contract's schema (errors keyed 'figures.users', …); an
 * empty figure or link is sent as null. Whether a figure is above the measured one is the server's to say.
 */
export function validateSettingsDraft(draft: SiteSettingsDraft): DraftResult<SiteSettings> {
  const raw = {
    figures: {
      users: draft.users.trim() || null,
      accuracy: draft.accuracy.trim() || null,
      satisfaction: draft.satisfaction.trim() || null,
    },
    community: { telegram: draft.telegram.trim() || null, whatsapp: draft.whatsapp.trim() || null },
  };
  return checkDraft(siteSettingsSchema, raw, {}, limitMessages);
}
