import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useScanner } from '../lib/scanner';
import { Icon } from './Icon';

export interface ScanFeedback {
  kind: 'ok' | 'bad';
  /** Changes with every scan, so the same result flashes again. */
  n: number;
}

/**
 * The field a scanner's codes belong in. Scans are caught anywhere on the screen (see useScanner)
 * and focus comes back here after each; a code typed by hand is taken on Enter.
 */
export function ScanField({ onCode, disabled, feedback, inputRef, label, children }: {
  onCode: (code: string) => void;
  /** Shown beside the field, e.g. a product search for when there is no barcode. */
  children?: ReactNode;
  disabled?: boolean;
  feedback?: ScanFeedback | null;
  inputRef?: RefObject<HTMLInputElement | null>;
  label?: string;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const [text, setText] = useState('');
  const onScan = useCallback(
    (code: string) => {
      setText('');
      onCode(code);
    },
    [onCode],
  );
  useScanner({ onScan, fieldRef: ref, enabled: !disabled });
  return (
    <div className="scan-field">
      {/* Keyed by the scan, not the field: remounting the input would drop its focus. */}
      {feedback ? <span key={feedback.n} className={`scan-flash flash-${feedback.kind}`} aria-hidden="true" /> : null}
      <Icon name="scan" size={20} />
      <label className="visually-hidden" htmlFor="scan-input">
        {label ?? t('scan.label')}
      </label>
      <input
        id="scan-input"
        ref={ref}
        type="text"
        data-testid="scan-input"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        disabled={disabled}
        value={text}
        placeholder={t('scan.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl+Enter is the screen's "post", not a code.
          if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey) return;
          e.preventDefault();
          const code = text.trim();
          setText('');
          if (code) onCode(code);
        }}
      />
      {children}
    </div>
  );
}
