// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Field, invalidProps } from '@renderer/components/Field';
import { ContactPicker } from '@renderer/components/pickers';
import { renderScreen } from './render';

afterEach(cleanup);

describe('Field: the required mark is seen, not read', () => {
  it('a required field is named by its label alone and says it is required', () => {
    renderScreen(
      <Field label="Warehouse" required>
        <select>
          <option>Default</option>
        </select>
      </Field>,
    );
    const control = screen.getByRole('combobox', { name: 'Warehouse' });
    expect(control.getAttribute('aria-required')).toBe('true');
    // Found by its label's text as well: the star is not part of the label.
    expect(screen.getByLabelText('Warehouse', { exact: true })).toBe(control);
    // The star is on screen, outside the accessibility tree.
    const mark = document.querySelector('.req-mark') as HTMLElement;
    expect(mark.textContent).toBe(' *');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
  });

  it('an optional field has no mark and no aria-required', () => {
    renderScreen(
      <Field label="Stock label">
        <input type="text" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Stock label' }).hasAttribute('aria-required')).toBe(false);
    expect(document.querySelector('.req-mark')).toBeNull();
  });

  it('a required picker (a combobox component, not a bare input) gets aria-required too', () => {
    renderScreen(
      <Field label="Supplier" required>
        <ContactPicker value={null} onChange={() => undefined} kind="supplier" />
      </Field>,
    );
    expect(screen.getByRole('combobox', { name: 'Supplier' }).getAttribute('aria-required')).toBe('true');
  });

  it('labels a control that carries its own id (htmlFor) the same way, its error read with it', () => {
    renderScreen(
      <Field label="Quantity" required htmlFor="items.0.quantity" error="Required.">
        <input type="text" id="items.0.quantity" {...invalidProps('items.0.quantity', 'Required.')} />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Quantity' });
    expect(control.id).toBe('items.0.quantity');
    expect(control.getAttribute('aria-required')).toBe('true');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required.');
  });

  it('a cloned-in control has its error read with it too', () => {
    renderScreen(
      <Field label="Name" error="is required">
        <input type="text" />
      </Field>,
    );
    const control = screen.getByRole('textbox', { name: 'Name' });
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe('is required');
  });
});
