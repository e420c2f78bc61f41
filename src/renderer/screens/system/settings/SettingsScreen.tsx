import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RequestOf, Settings, UiLanguage } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LANGUAGES } from '../../../i18n';
import { fieldErrors } from '../../../lib/errors';
import { channelKey, invalidate, useChannel, useCommand } from '../../../lib/ipc';
import { BackupPanel } from './BackupPanel';
import { ClerksPanel } from './ClerksPanel';
import { SupportPanel } from './SupportPanel';

/** Where the server is, how to sign in to it, how the app speaks, and the desk's backups. */
/** Wide enough for the backup list's seven columns, the restore button included. */
const SETTINGS_WIDTH = 980;

export function SettingsScreen() {
  const { t } = useTranslation();
  const { data: settings } = useChannel('settings.get', {});
  return (
    <Screen title={t('nav.settings')}>
      {settings ? (
        <div className="stack" style={{ maxWidth: SETTINGS_WIDTH }}>
          <ServerForm key={`${settings.serverUrl}|${settings.format}`} settings={settings} />
          <CredentialsForm settings={settings} />
          <ClerksPanel />
          <LanguageForm settings={settings} />
          <DemoPanel settings={settings} />
          <BackupPanel />
          <SupportPanel />
        </div>
      ) : (
        <div className="empty">{t('loading')}</div>
      )}
    </Screen>
  );
}

/** Every settings change comes back as the new settings; the cache takes them as they are. */
function useSettingsCommand<C extends 'settings.update' | 'settings.setCredentials' | 'demo.start'>(channel: C) {
  const client = useQueryClient();
  const command = useCommand(channel);
  const run = (request: RequestOf<C>, onDone?: () => void) =>
    command.mutateAsync(request).then(
      (s) => {
        client.setQueryData<Settings>(channelKey('settings.get', {}), s as Settings);
        void invalidate(client, ['sync.status']);
        onDone?.();
      },
      // The error is on command.error, shown where the form is.
      () => undefined,
    );
  return { ...command, run };
}

function ServerForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [url, setUrl] = useState(settings.serverUrl ?? '');
  const [format, setFormat] = useState(settings.format);
  const [saved, setSaved] = useState(false);
  const update = useSettingsCommand('settings.update');
  const errors = fieldErrors(update.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.run({ serverUrl: url.trim() === '' ? null : url.trim(), format }, () => setSaved(true));
  };
  return (
    <form className="panel" onSubmit={onSubmit}>
      <div className="panel-title">
        <h2>{t('settings.server')}</h2>
        {settings.demo ? <span className="badge pending">{tc('status.demo')}</span> : null}
      </div>
      <div className="panel-body form-grid">
        <Field label={t('settings.serverUrl')} className="wide" error={errors.get('serverUrl')} hint={t('settings.serverUrlHint')}>
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://api.example.com" data-testid="settings-url" />
        </Field>
        <div className="field">
          <span className="field-label">{t('settings.format')}</span>
          <div className="radio-row" role="radiogroup" aria-label={t('settings.format')}>
            {(['json', 'xml'] as const).map((f) => (
              <label key={f}>
                <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} /> {f.toUpperCase()}
              </label>
            ))}
          </div>
        </div>
        <div className="field full">
          <ErrorNotice error={update.error} shownFields={(f) => f === 'serverUrl'} />
          {saved ? <div className="notice ok" role="status">{t('settings.saved')}</div> : null}
          <div className="toolbar">
            <button type="submit" className="btn primary" disabled={update.isPending}>
              {tc('actions.save')}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

function CredentialsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [apiKey, setApiKey] = useState('');
  const [sessionKey, setSessionKey] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useSettingsCommand('settings.setCredentials');
  const errors = fieldErrors(save.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // The keys are never read back: once saved they leave the screen's memory too.
    save.run({ apiKey: apiKey.trim(), sessionKey: sessionKey.trim() }, () => {
      setApiKey('');
      setSessionKey('');
      setSaved(true);
    });
  };
  return (
    <form className="panel" onSubmit={onSubmit} autoComplete="off" data-testid="keys-form">
      <div className="panel-title">
        <h2>{t('settings.credentials')}</h2>
        <span className={`badge ${settings.hasCredentials ? 'ok' : 'warn'}`}>{settings.hasCredentials ? t('settings.stored') : t('settings.notStored')}</span>
      </div>
      <div className="panel-body form-grid">
        <p className="muted full">{t('settings.credentialsHint')}</p>
        <Field label={t('settings.apiKey')} required error={errors.get('apiKey')}>
          <input type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="new-password" data-testid="keys-api-key" />
        </Field>
        <Field label={t('settings.sessionKey')} required error={errors.get('sessionKey')}>
          <input type="password" value={sessionKey} onChange={(e) => setSessionKey(e.target.value)} autoComplete="new-password" data-testid="keys-session-key" />
        </Field>
        <div className="field full">
          <ErrorNotice error={save.error} shownFields={(f) => f === 'apiKey' || f === 'sessionKey'} />
          {saved ? <div className="notice ok" role="status">{t('settings.credentialsSaved')}</div> : null}
          <div className="toolbar">
            <button type="submit" className="btn primary" disabled={save.isPending || !apiKey.trim() || !sessionKey.trim()} data-testid="keys-submit">
              {tc('actions.save')}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

function LanguageForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const update = useSettingsCommand('settings.update');
  return (
    <div className="panel">
      <div className="panel-body form-grid">
        <Field label={t('settings.language')}>
          <select value={settings.language} onChange={(e) => update.run({ language: e.target.value as UiLanguage })} data-testid="settings-language">
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {tc(`languages.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="field full">
          <ErrorNotice error={update.error} />
        </div>
      </div>
    </div>
  );
}

function DemoPanel({ settings }: { settings: Settings }) {
  const { t } = useTranslation('warehouse');
  const demo = useSettingsCommand('demo.start');
  return (
    <div className="panel">
      <div className="panel-title">
        <h2>{t('settings.demoTitle')}</h2>
      </div>
      <div className="panel-body stack">
        <p className="muted">{t('settings.demoHint')}</p>
        <ErrorNotice error={demo.error} />
        {settings.demo ? <div className="notice ok">{t('settings.demoRunning')}</div> : null}
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => demo.run({})} disabled={demo.isPending || settings.demo}>
            {t('settings.demoStart')}
          </button>
        </div>
      </div>
    </div>
  );
}
