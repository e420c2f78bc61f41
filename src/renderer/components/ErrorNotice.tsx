import { useTranslation } from 'react-i18next';
import { InvokeError, useSay } from '../lib/errors';

/**
 * A failed call in words: what kind of failure (translated), then the core's own message, and the
 * field errors no field on screen shows.
 */
export function ErrorNotice({ error, shownFields, prefix = '' }: { error: unknown; shownFields?: (field: string) => boolean; prefix?: string }) {
  const { t } = useTranslation();
  // The core's and the server's messages are English; the ones the desk knows are said in the clerk's language.
  const say = useSay();
  if (!error) return null;
  if (!(error instanceof InvokeError)) {
    return (
      <div className="notice error" role="alert">
        {say(error instanceof Error ? error.message : String(error))}
      </div>
    );
  }
  const strip = (f: string) => (prefix && f.startsWith(prefix) ? f.slice(prefix.length) : f);
  const unshown = error.details.filter((d) => !d.field || !shownFields?.(strip(d.field)));
  const showMessage = error.code !== 'VALIDATION_ERROR' || error.details.length === 0;
  return (
    <div className="notice error" role="alert" data-testid="error-notice">
      <div>
        <strong>{t(`errors.${error.code}`)}</strong>
        {showMessage && error.message && say(error.message) ? <div>{say(error.message)}</div> : null}
        {error.code === 'VALIDATION_ERROR' && unshown.length > 0 ? (
          <ul>
            {unshown.map((d, i) => (
              <li key={i}>{d.field ? `${d.field}: ${say(d.message)}` : say(d.message)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
