import { type SiteSettings, siteSettingsSchema } from '@cashtips/contract/site';
import { checkDraft, type DraftResult } from './form-draft.ts';

/** The settings form as typed; an empty link hides its button on the site. */
export interface SiteSettingsDraft {
  users: string;
  accuracy: string;
  satisfaction: string;
  telegram: string;
  whatsapp: string;
}

export function draftFromSettings(settings: SiteSettings): SiteSettingsDraft {
  return {
    ...settings.figures,
    telegram: settings.community.telegram ?? '',
    whatsapp: settings.community.whatsapp ?? '',
  };
}

const limitMessages: Record<string, string> = {
  'community.telegram': 'The link is at most 200 characters.',
  'community.whatsapp': 'The link is at most 200 characters.',
};

/** The whole settings object, checked with the contract's schema (errors keyed 'figures.users', …). */
export function validateSettingsDraft(draft: SiteSettingsDraft): DraftResult<SiteSettings> {
  const raw = {
    figures: { users: draft.users, accuracy: draft.accuracy, satisfaction: draft.satisfaction },
    community: { telegram: draft.telegram.trim() || null, whatsapp: draft.whatsapp.trim() || null },
  };
  return checkDraft(siteSettingsSchema, raw, {}, limitMessages);
}
