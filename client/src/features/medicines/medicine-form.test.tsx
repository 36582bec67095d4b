import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_DUPLICATE_MESSAGE,
} from '@apotheca/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AppToaster from '../../components/ui/app-toaster';
import { describe, expect, it, vi } from 'vitest';
import { MedicineForm } from './medicine-form';
import { medicineFixture } from '../../test/medicine.fixture';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'pill.png', { type: 'image/png' });

const medicine = medicineFixture({
  packSize: '16 tablets',
  description: 'Relieves mild to moderate pain and fever.',
  directions: 'Adults: 1 to 2 tablets every 4 to 6 hours.',
  sideEffects: '',
  storage: '',
});

/** What the add form sends for the details of the record an admin left alone. */
const UNSTATED_DETAILS = {
  activeIngredient: '',
  strength: '',
  dosageForm: '',
  packSize: '',
  maxPerOrder: '',
  prescriptionRequired: 'false',
  description: '',
  directions: '',
  sideEffects: '',
  warnings: '',
  storage: '',
};

function renderForm(props: Partial<Parameters<typeof MedicineForm>[0]> = {}) {
  const save = vi.fn<(body: FormData) => Promise<unknown>>().mockResolvedValue({});
  const user = userEvent.setup();
  render(
    <>
      <MedicineForm variant="add" save={save} {...props} />
      <AppToaster />
    </>,
  );
  return { save, user };
}

/** The server's answer to a medicine that another one already is. */
const duplicateRefusal = {
  status: 409,
  data: { message: MEDICINE_DUPLICATE_MESSAGE, errors: { name: MEDICINE_DUPLICATE_MESSAGE } },
};

/** Replaces what the field labelled `label` holds with `value`, typed as the admin would. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

async function fillValidFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ibuprofen-400');
  await user.type(screen.getByLabelText('Developed By'), 'Acme Pharma');
  await user.type(screen.getByLabelText('Category'), 'Pain Relief');
  await user.type(screen.getByLabelText('Max Expiry (months)'), '36');
  await user.type(screen.getByLabelText('Stock'), '40');
  await user.type(screen.getByLabelText('Price ($)'), '7.25');
}

/** Submits the form with its button and answers what it sent, once, as its fields' entries. */
async function submitted(
  user: ReturnType<typeof userEvent.setup>,
  save: ReturnType<typeof renderForm>['save'],
  button: string,
) {
  await user.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(save).toHaveBeenCalledOnce());
  return Object.fromEntries(save.mock.calls[0]![0].entries());
}

describe('MedicineForm (add)', () => {
  it("shows each field's rule message while the admin types, before any submit", async () => {
    const { user, save } = renderForm();
    const cases: [string, string, string][] = [
      ['Name', 'Para 500', 'Medicine name must be a valid word without numbers between words.'],
      ['Developed By', 'Ac', 'Company name must be at least 3 letters.'],
      ['Category', 'P1', 'Category must be at least 3 letters.'],
      ['Max Expiry (months)', '0', 'Max expiry must be a positive whole number of months.'],
      ['Stock', '-1', 'Stock must be a whole number, 0 or more.'],
      ['Price ($)', '4.999', 'Price must be a valid number.'],
    ];
    for (const [label, value, message] of cases) {
      const input = screen.getByLabelText(label);
      await user.type(input, value);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('clears a message once the value is fixed', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText('Name');
    await user.type(name, '500');
    expect(await screen.findByText(/valid word without numbers/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Aspirin');
    await waitFor(() => expect(screen.queryByText(/valid word without numbers/)).not.toBeInTheDocument());
  });

  it('asks for an image file on submit in file mode, and for a valid URL in url mode', async () => {
    const { user, save } = renderForm();
    await fillValidFields(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(await screen.findByText('Please upload an image file.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    expect(screen.queryByText('Please upload an image file.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Image URL', { selector: 'input[type=url]' }), 'not a url');
    expect(await screen.findByText('Please enter a valid URL.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  // An empty form submitted told only of the text fields; the missing image came up after they were fixed.
  it('asks for the image on the first submit, beside the other fields that need fixing', async () => {
    const { user, save } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(await screen.findByText('Company name must be at least 3 letters.')).toBeInTheDocument();
    expect(screen.getByText('Please upload an image file.')).toBeInTheDocument();
    expect(screen.getByLabelText('Image file')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses an image past the size limit at its field, before uploading it', async () => {
    const { user, save } = renderForm();
    await fillValidFields(user);
    const tooLarge = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'scan.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image file'), tooLarge);
    expect(await screen.findByText(IMAGE_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Image file')).toHaveAccessibleDescription(
      expect.stringContaining(IMAGE_TOO_LARGE_MESSAGE),
    );
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('switching the image mode clears the other value', async () => {
    const { user, save } = renderForm();
    await fillValidFields(user);
    await user.upload(screen.getByLabelText('Image file'), png());
    expect(await screen.findByAltText("Preview of the medicine's image")).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    expect(screen.queryByAltText("Preview of the medicine's image")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Image URL', { selector: 'input[type=url]' }), 'https://example.com/a.png');
    expect(screen.getByAltText("Preview of the medicine's image")).toHaveAttribute('src', 'https://example.com/a.png');

    // Back to file: the URL is gone and the earlier file was cleared, so a file is asked for again.
    await user.click(screen.getByLabelText('Upload a file'));
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(await screen.findByText('Please upload an image file.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    expect(screen.getByLabelText('Image URL', { selector: 'input[type=url]' })).toHaveValue('');
    expect(save).not.toHaveBeenCalled();
  });

  it("sends every field and the file as medicine_img, says 'Item added to Database' and empties the form", async () => {
    const { user, save } = renderForm();
    await fillValidFields(user);
    const file = png();
    await user.upload(screen.getByLabelText('Image file'), file);
    const sent = await submitted(user, save, 'Add Medicine');
    expect(sent).toEqual({
      name: 'Ibuprofen-400',
      developedBy: 'Acme Pharma',
      category: 'Pain Relief',
      maxMonthsExpiry: '36',
      stock: '40',
      price: '7.25',
      ...UNSTATED_DETAILS,
      medicine_img: file,
    });
    expect(await screen.findAllByText('Item added to Database')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    // The file input no longer shows the saved medicine's file, which the next one would not be sent with.
    expect(screen.getByLabelText<HTMLInputElement>('Image file').files).toHaveLength(0);
    expect(screen.getByLabelText('Image file')).toHaveValue('');
  });

  it('sends imageUrl in url mode, and no file', async () => {
    const { user, save } = renderForm();
    await fillValidFields(user);
    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    await user.type(screen.getByLabelText('Image URL', { selector: 'input[type=url]' }), 'https://example.com/a.png');
    const sent = await submitted(user, save, 'Add Medicine');
    expect(sent.imageUrl).toBe('https://example.com/a.png');
    expect(sent).not.toHaveProperty('medicine_img');
  });

  it("shows the server's refusal of a medicine the catalogue already has at the name field", async () => {
    const save = vi.fn().mockRejectedValue(duplicateRefusal);
    const { user } = renderForm({ save });
    await fillValidFields(user);
    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    await user.type(screen.getByLabelText('Image URL', { selector: 'input[type=url]' }), 'https://example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(MEDICINE_DUPLICATE_MESSAGE));
    expect(screen.getByLabelText('Name')).toHaveValue('Ibuprofen-400');
  });

  it('takes the admin to the first field the server refused, as a refusal on the client does', async () => {
    const save = vi.fn().mockRejectedValue({
      status: 400,
      data: { message: 'Stock is too large.', errors: { stock: 'Stock is too large.', price: 'Price is too large.' } },
    });
    const { user } = renderForm({ save });
    await fillValidFields(user);
    await user.click(screen.getByLabelText('Image URL', { selector: 'input[type=radio]' }));
    await user.type(screen.getByLabelText('Image URL', { selector: 'input[type=url]' }), 'https://example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(await screen.findByText('Price is too large.')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock')).toHaveFocus();
  });
});

describe('MedicineForm (update)', () => {
  it('is filled from the medicine and keeps its image when no new file is chosen', async () => {
    const { user, save } = renderForm({ variant: 'update', medicine });
    expect(screen.getByLabelText('Name')).toHaveValue('Paracetamol');
    expect(screen.getByLabelText('Price ($)')).toHaveValue('4.50');
    expect(screen.getByAltText("Preview of the medicine's image")).toHaveAttribute('src', medicine.imageUrl);
    const sent = await submitted(user, save, 'Update Medicine');
    expect(sent).toEqual({
      name: 'Paracetamol',
      developedBy: 'Acme Pharma',
      category: 'Pain Relief',
      maxMonthsExpiry: '24',
      stock: '12',
      price: '4.5',
      activeIngredient: 'Paracetamol',
      strength: '500 mg',
      dosageForm: 'Tablet',
      packSize: '16 tablets',
      maxPerOrder: '',
      prescriptionRequired: 'false',
      description: 'Relieves mild to moderate pain and fever.',
      directions: 'Adults: 1 to 2 tablets every 4 to 6 hours.',
      sideEffects: '',
      warnings: 'Do not take with other medicines that contain paracetamol.',
      storage: '',
      version: '3',
    });
  });

  it('edits the record: what it is, the prescription and a leaflet section, folded until opened', async () => {
    const { user, save } = renderForm({ variant: 'update', medicine });
    const leaflet = screen.getByText('Leaflet').closest('details')!;
    expect(leaflet).not.toHaveAttribute('open');
    expect(leaflet).toHaveTextContent('(3 of 5 sections written)');

    await retype(user, 'Strength', '1 g');
    await user.selectOptions(screen.getByLabelText('Dosage form'), 'Capsule');
    await user.click(screen.getByLabelText('Prescription required'));
    await user.click(screen.getByText('Leaflet'));
    expect(leaflet).toHaveAttribute('open');
    await user.type(screen.getByLabelText('Storage'), 'Below 25 °C.');
    expect(leaflet).toHaveTextContent('(4 of 5 sections written)');

    const sent = await submitted(user, save, 'Update Medicine');
    expect(sent).toMatchObject({
      strength: '1 g',
      dosageForm: 'Capsule',
      prescriptionRequired: 'true',
      storage: 'Below 25 °C.',
    });
  });

  it("shows and edits the medicine's limit per order, empty for no limit", async () => {
    const { user, save } = renderForm({ variant: 'update', medicine: { ...medicine, maxPerOrder: 2 } });
    expect(screen.getByLabelText('Max per order')).toHaveValue('2');
    await retype(user, 'Max per order', '0');
    expect(
      await screen.findByText('Max per order must be a whole number from 1, or empty for no limit.'),
    ).toBeInTheDocument();
    await retype(user, 'Max per order', '4');
    expect((await submitted(user, save, 'Update Medicine')).maxPerOrder).toBe('4');

    save.mockClear();
    await user.clear(screen.getByLabelText('Max per order'));
    expect((await submitted(user, save, 'Update Medicine')).maxPerOrder).toBe('');
  });

  it("shows the contract's messages for the record's details, and opens the leaflet on an error in it", async () => {
    const { user, save } = renderForm({ variant: 'update', medicine });
    await retype(user, 'Strength', 'strong');
    expect(
      await screen.findByText('Strength must start with a number, like "500 mg" or "100 units/mL".'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pack size'), '!');
    expect(
      await screen.findByText('Pack size must start with a number, like "10 tablets" or "100 mL".'),
    ).toBeInTheDocument();

    save.mockRejectedValueOnce({
      status: 400,
      data: {
        message: 'Warnings must be at most 2000 characters.',
        errors: { warnings: 'Warnings must be at most 2000 characters.' },
      },
    });
    await retype(user, 'Strength', '500 mg');
    await user.clear(screen.getByLabelText('Pack size'));
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    const leaflet = screen.getByText('Leaflet').closest('details')!;
    await waitFor(() => expect(leaflet).toHaveAttribute('open'));
    expect(screen.getByLabelText('Warnings')).toHaveAttribute('aria-invalid', 'true');
  });

  it("uses the update rules: 'Price must be a positive number.' and 'Image URL must be a valid URL.'", async () => {
    const { user, save } = renderForm({ variant: 'update', medicine });
    const price = screen.getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '-3');
    expect(await screen.findByText('Price must be a positive number.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Image link', { selector: 'input[type=radio]' }));
    await user.type(screen.getByLabelText('Image link', { selector: 'input[type=url]' }), 'ftp://x');
    expect(await screen.findByText('Image URL must be a valid URL.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(save).not.toHaveBeenCalled();
  });

  it('opens in link mode for a medicine whose image is a link, and sends it back as imageUrl', async () => {
    const linked = { ...medicine, imageUrl: 'https://example.com/p.png' };
    const { user, save } = renderForm({ variant: 'update', medicine: linked });
    expect(screen.getByLabelText('Image link', { selector: 'input[type=url]' })).toHaveValue(linked.imageUrl);
    const sent = await submitted(user, save, 'Update Medicine');
    expect(sent.imageUrl).toBe(linked.imageUrl);
  });

  it("says 'Medicine updated successfully' and hands over, or says it failed with the server's reason", async () => {
    const onSaved = vi.fn();
    const { user, save } = renderForm({ variant: 'update', medicine, onSaved });
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findAllByText('Medicine updated successfully')).not.toHaveLength(0);
    expect(onSaved).toHaveBeenCalledOnce();

    save.mockRejectedValueOnce({ status: 404, data: { message: 'Medicine not found' } });
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findAllByText('Failed to update medicine. Please try again.')).not.toHaveLength(0);
    expect(screen.getAllByText('Medicine not found')).not.toHaveLength(0);
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('shows a refusal as a double of another medicine at the name field, not as a stale form', async () => {
    const onStale = vi.fn();
    const { user, save } = renderForm({ variant: 'update', medicine, onStale });
    save.mockRejectedValueOnce(duplicateRefusal);
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(MEDICINE_DUPLICATE_MESSAGE));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onStale).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading the current values…')).not.toBeInTheDocument();
  });

  it('shows why a stale form was refused and asks for the medicine again, on a 409 only', async () => {
    const onStale = vi.fn();
    const { user, save } = renderForm({ variant: 'update', medicine, onStale });
    save.mockRejectedValueOnce({ status: 409, data: { message: MEDICINE_CHANGED_MESSAGE } });
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findAllByText(MEDICINE_CHANGED_MESSAGE)).not.toHaveLength(0);
    expect(onStale).toHaveBeenCalledOnce();

    save.mockRejectedValueOnce({ status: 404, data: { message: 'Medicine not found' } });
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findAllByText('Medicine not found')).not.toHaveLength(0);
    expect(onStale).toHaveBeenCalledOnce();
  });
});
