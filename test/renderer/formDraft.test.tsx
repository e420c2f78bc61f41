// @vitest-environment jsdom
/**
 * The one draft hook (lib/drafts useFormDraft) used by the warehouse product form and the billing
 * order and invoice forms: what the clerk types AND what the screen adds for them (a scanned line,
 * a quantity bumped by a second scan) survive the screen going away; loading a record does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray, useForm } from 'react-hook-form';
import { useFormDraft } from '@renderer/lib/drafts';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

interface Values {
  note: string;
  items: Array<{ code: string; quantity: string }>;
}

const EMPTY: Values = { note: '', items: [] };

function DraftForm({ loadRecord }: { loadRecord?: Values }) {
  const form = useForm<Values>({ defaultValues: EMPTY });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const draft = useFormDraft('test.form', form);
  return (
    <form>
      {draft.restored ? <p>restored</p> : null}
      {draft.loaded ? <p>loaded</p> : null}
      <label>
        Note
        <input {...form.register('note')} />
      </label>
      {/* What a scan does: a line added, or the quantity of a line already there bumped. */}
      <button type="button" onClick={() => lines.append({ code: 'A-1', quantity: '1' })}>
        scan new
      </button>
      <button type="button" onClick={() => form.setValue('items.0.quantity', String(Number(form.getValues('items.0.quantity')) + 1), { shouldDirty: true })}>
        scan again
      </button>
      {/* What a screen does on loading a record: not the clerk's work, no draft. */}
      <button type="button" onClick={() => loadRecord && form.reset(loadRecord)}>
        load
      </button>
      <ul>
        {lines.fields.map((f, i) => (
          <li key={f.id}>
            {form.watch(`items.${i}.code`)} × {form.watch(`items.${i}.quantity`)}
          </li>
        ))}
      </ul>
    </form>
  );
}

async function open(api: FakeApi, loadRecord?: Values) {
  const r = renderScreen(<DraftForm loadRecord={loadRecord} />, { api });
  await screen.findByText('loaded');
  return { ...r, user: userEvent.setup() };
}

describe('useFormDraft: one draft hook for every form', () => {
  it('keeps typed text across a reload', async () => {
    const api = new FakeApi();
    const first = await open(api);
    await first.user.type(screen.getByLabelText('Note'), 'half typed');
    first.unmount();
    await waitFor(() => expect(api.drafts.get('test.form')).toMatchObject({ note: 'half typed' }));
    cleanup();
    await open(api);
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('half typed');
    expect(screen.getByText('restored')).toBeTruthy();
  });

  it('keeps lines the screen added (a scan) and a quantity it bumped, with nothing typed', async () => {
    const api = new FakeApi();
    const first = await open(api);
    await first.user.click(screen.getByRole('button', { name: 'scan new' }));
    await screen.findByText('A-1 × 1');
    await first.user.click(screen.getByRole('button', { name: 'scan again' }));
    await screen.findByText('A-1 × 2');
    first.unmount();
    await waitFor(() => expect(api.drafts.get('test.form')).toMatchObject({ items: [{ code: 'A-1', quantity: '2' }] }));
    cleanup();
    await open(api);
    expect(await screen.findByText('A-1 × 2')).toBeTruthy();
    expect(screen.getByText('restored')).toBeTruthy();
  });

  it('a record loaded by the screen (a reset) is not saved as a draft', async () => {
    const api = new FakeApi();
    const first = await open(api, { note: 'from the server', items: [{ code: 'B-2', quantity: '5' }] });
    await first.user.click(screen.getByRole('button', { name: 'load' }));
    await screen.findByText('B-2 × 5');
    first.unmount();
    // Give a pending save its chance (the delay is 400 ms) before judging that there is none.
    await new Promise((r) => setTimeout(r, 600));
    expect(api.drafts.has('test.form')).toBe(false);
    expect(api.callsOf('drafts.set')).toHaveLength(0);
  });
});
