import { DEFAULT_SPLUNK_SETTINGS, type SplunkSettings } from '@lab/core/text';

/** Not secret: kept in plain localStorage. */
export const SPLUNK_SETTINGS_KEY = 'lab.splunk.settings';

const isText = (v: unknown): v is string => typeof v === 'string';

/** The saved settings, each field falling back to its default when missing or malformed. */
export function loadSplunkSettings(): SplunkSettings {
  let saved: Partial<{ index: Partial<Record<string, unknown>>; sourcetype: unknown; template: unknown }>;
  try {
    saved = JSON.parse(localStorage.getItem(SPLUNK_SETTINGS_KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const d = DEFAULT_SPLUNK_SETTINGS;
  return {
    index: {
      sandbox: isText(saved.index?.sandbox) ? saved.index.sandbox : d.index.sandbox,
      production: isText(saved.index?.production) ? saved.index.production : d.index.production,
    },
    sourcetype: isText(saved.sourcetype) ? saved.sourcetype : d.sourcetype,
    template: isText(saved.template) ? saved.template : d.template,
  };
}

export function saveSplunkSettings(settings: SplunkSettings) {
  localStorage.setItem(SPLUNK_SETTINGS_KEY, JSON.stringify(settings));
}
