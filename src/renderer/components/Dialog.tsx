import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal: Esc closes it, focus starts inside and goes back where it was when it closes. */
export function Dialog({ title, children, footer, onClose }: { title: string; children: ReactNode; footer: ReactNode; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    const first = ['[data-autofocus]', 'textarea, input, select', 'button.primary', 'button'].map((q) => root?.querySelector<HTMLElement>(q)).find(Boolean);
    first?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
        </div>
        <div className="dialog-body">{children}</div>
        <div className="dialog-foot">{footer}</div>
      </div>
    </div>
  );
}

/** A dialog's usual footer: Cancel, then the one primary action. */
export function DialogActions({ onCancel, onSubmit, submitLabel, disabled, testId }: {
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
      <button type="button" className="btn primary" onClick={onSubmit} disabled={disabled} data-testid={testId}>
        {submitLabel}
      </button>
    </>
  );
}

/** "Are you sure?" with the consequence spelled out; the safe button is the default. */
export function ConfirmDialog({ title, children, confirmLabel, danger, busy, onConfirm, onCancel }: {
  title?: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title ?? t('confirm.title')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} data-autofocus>
            {t('actions.cancel')}
          </button>
          <button type="button" className={`btn ${danger ? 'danger solid' : 'primary'}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
