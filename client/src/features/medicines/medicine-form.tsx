import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADD_IMAGE_FILE_MESSAGE,
  ADD_IMAGE_MODES,
  addImageUrlSchema,
  addMedicineFieldsSchema,
  CATEGORIES,
  DOSAGE_FORMS,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  IMAGE_TOO_LARGE_MESSAGE,
  LEAFLET_SECTION_LABELS,
  LEAFLET_SECTIONS,
  UPDATE_IMAGE_MODES,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
  type Medicine,
} from '@apotheca/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { fieldBinding, showServerFieldErrors } from '../../lib/field-binding';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, errorStatus, fieldErrors } from '../../lib/error-message';
import { differences, MedicineEditConflict } from './medicine-edit-conflict';

const IMAGE_MODES = [...ADD_IMAGE_MODES, ...UPDATE_IMAGE_MODES] as const;
type ImageMode = (typeof IMAGE_MODES)[number];

/** What differs between the add and the update form (the price message, the toasts); everything else is shared. */
const VARIANTS = {
  add: {
    fieldsSchema: addMedicineFieldsSchema,
    urlSchema: addImageUrlSchema,
    urlMode: { value: 'url', label: 'Image URL' },
    fileRequired: true,
    submitLabel: 'Add Medicine',
    // An empty form is ready for the next medicine.
    clearAfterSave: true,
    successMessage: 'Item added to Database',
    failureTitle: null,
  },
  update: {
    fieldsSchema: updateMedicineFieldsSchema,
    urlSchema: updateImageUrlSchema,
    urlMode: { value: 'link', label: 'Image link' },
    // Without a new file the medicine keeps its current image.
    fileRequired: false,
    submitLabel: 'Update Medicine',
    clearAfterSave: false,
    successMessage: 'Medicine updated successfully',
    failureTitle: 'Failed to update medicine. Please try again.',
  },
} satisfies Record<string, { urlMode: { value: ImageMode; label: string } } & Record<string, unknown>>;

type MedicineFormVariant = keyof typeof VARIANTS;

/**
 * The contract's field rules plus the image, which is a file or a URL depending on the chosen mode. The
 * image is a schema of its own beside the fields, each side checked whatever the other holds: as a
 * refinement of the whole form it ran only once every field had passed, so an admin who submitted an
 * empty form was asked for the image only after fixing the rest.
 */
const formSchema = ({ fieldsSchema, urlSchema, fileRequired }: (typeof VARIANTS)[MedicineFormVariant]) =>
  fieldsSchema.and(
    z
      .object({ imageMode: z.enum(IMAGE_MODES), imageFile: z.instanceof(File).nullable(), imageUrl: z.string() })
      .superRefine(({ imageMode, imageFile, imageUrl }, ctx) => {
        if (imageMode === 'file') {
          const isImage = imageFile && (IMAGE_MIME_TYPES as readonly string[]).includes(imageFile.type);
          if (imageFile ? !isImage : fileRequired) {
            ctx.addIssue({ code: 'custom', path: ['imageFile'], message: ADD_IMAGE_FILE_MESSAGE });
          } else if (imageFile && imageFile.size > IMAGE_MAX_BYTES) {
            // The server refuses it too, but only once the whole file is uploaded: minutes on a slow line.
            ctx.addIssue({ code: 'custom', path: ['imageFile'], message: IMAGE_TOO_LARGE_MESSAGE });
          }
          return;
        }
        const url = urlSchema.safeParse(imageUrl);
        if (!url.success) ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: url.error.issues[0]!.message });
      }),
  );

const FORM_SCHEMAS = { add: formSchema(VARIANTS.add), update: formSchema(VARIANTS.update) };

type FormSchema = ReturnType<typeof formSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value);

function defaultValues(variant: MedicineFormVariant, medicine?: Medicine): FormInput {
  // An image given as a link stays a link; an uploaded one is kept unless a new file is chosen.
  const linked = medicine && isHttpUrl(medicine.imageUrl) ? medicine.imageUrl : '';
  return {
    name: medicine?.name ?? '',
    developedBy: medicine?.developedBy ?? '',
    category: medicine?.category ?? '',
    maxMonthsExpiry: medicine ? String(medicine.maxMonthsExpiry) : '',
    stock: medicine ? String(medicine.stock) : '',
    // An amount of money reads with its cents, as on every page ($4.50, never $4.5).
    price: medicine ? medicine.price.toFixed(2) : '',
    activeIngredient: medicine?.activeIngredient ?? '',
    strength: medicine?.strength ?? '',
    dosageForm: medicine?.dosageForm ?? '',
    packSize: medicine?.packSize ?? '',
    // No limit is an empty field.
    maxPerOrder: medicine?.maxPerOrder == null ? '' : String(medicine.maxPerOrder),
    prescriptionRequired: medicine?.prescriptionRequired ?? false,
    description: medicine?.description ?? '',
    directions: medicine?.directions ?? '',
    sideEffects: medicine?.sideEffects ?? '',
    warnings: medicine?.warnings ?? '',
    storage: medicine?.storage ?? '',
    imageMode: linked ? VARIANTS[variant].urlMode.value : 'file',
    imageFile: null,
    imageUrl: linked,
  };
}

/** The two forms' values differ in the stock alone (or not at all). */
const onlyStockMoved = (filled: FormInput, fresh: FormInput) =>
  differences({ ...filled, stock: fresh.stock }, fresh).length === 0;

/** The multipart body: every field, and the image as medicine_img (file) or imageUrl. */
function toFormData({ imageMode, imageFile, imageUrl, ...fields }: FormOutput): FormData {
  const body = new FormData();
  // A dosage form not stated, or no limit per order, is null in the parsed values and '' on the wire.
  for (const [key, value] of Object.entries(fields)) body.append(key, value === null ? '' : String(value));
  if (imageMode !== 'file') body.append('imageUrl', imageUrl);
  else if (imageFile) body.append('medicine_img', imageFile);
  return body;
}

// The server names the uploaded file's field after the multipart part; the form calls it imageFile.
const SERVER_FIELD_ALIASES: Record<string, Path<FormInput>> = { medicine_img: 'imageFile', image: 'imageFile' };
const FORM_FIELDS = new Set<string>(Object.keys(defaultValues('add')));

const DOSAGE_FORM_OPTIONS = [
  { value: '', label: 'Not stated' },
  ...DOSAGE_FORMS.map((form) => ({ value: form, label: form })),
];
/** The record's free-text details, each with an example as its placeholder. */
const DETAIL_TEXT_FIELDS = [
  { name: 'activeIngredient', label: 'Active ingredient', example: 'Paracetamol' },
  { name: 'strength', label: 'Strength', example: '500 mg' },
  { name: 'packSize', label: 'Pack size', example: '10 tablets' },
] as const;
const groupClasses = 'grid min-w-0 grid-cols-1 content-start gap-4 sm:grid-cols-2';
const legendClasses = 'mb-3 text-base font-semibold text-ink';

/**
 * A preview of the chosen file as a data: URL (the CSP allows it), read outside rendering; it belongs
 * to one File, so it disappears when the file is cleared or replaced.
 */
function useFilePreview(file: File | null | undefined) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const read = (chosen: File | null) => {
    if (!chosen) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ file: chosen, url: reader.result as string });
    reader.readAsDataURL(chosen);
  };
  return [file && preview?.file === file ? preview.url : null, read] as const;
}

type Props = {
  variant: MedicineFormVariant;
  /** The medicine being updated; its values fill the form. */
  medicine?: Medicine;
  /** Sends the multipart body; rejects with the failed call's error. */
  save: (body: FormData) => Promise<unknown>;
  onSaved?: () => void;
  /**
   * The medicine changed since it was loaded (a 409, e.g. a sale took stock): load it again. The form
   * keeps what the admin typed, shows where it differs from the medicine it is then given, and saves
   * onto that one.
   */
  onStale?: () => void;
};

/** The add and update medicine form: the contract's rules, checked as the admin types and on submit. */
export function MedicineForm({ variant, medicine, save, onSaved, onStale }: Props) {
  const config = VARIANTS[variant];
  const {
    register,
    control,
    handleSubmit,
    setValue,
    clearErrors,
    setError,
    reset,
    resetField,
    getValues,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<FormInput, unknown, FormOutput>({
    mode: 'onChange',
    resolver: zodResolver(FORM_SCHEMAS[variant]),
    defaultValues: defaultValues(variant, medicine),
  });
  const field = fieldBinding(register, errors);
  const [imageMode, imageFile, imageUrl] = useWatch({ control, name: ['imageMode', 'imageFile', 'imageUrl'] });
  const [filePreview, readPreview] = useFilePreview(imageMode === 'file' ? imageFile : null);
  // A file input keeps showing its file after the form drops it (emptied after a save): it is emptied
  // too, so it never shows a file that would not be sent.
  const fileInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!imageFile && fileInput.current) fileInput.current.value = '';
  }, [imageFile]);
  const categoriesId = useId();
  const leaflet = useWatch({ control, name: [...LEAFLET_SECTIONS] });
  const leafletWritten = leaflet.filter((text) => typeof text === 'string' && text.trim() !== '').length;
  const leafletError = LEAFLET_SECTIONS.some((section) => errors[section]);
  const [leafletOpen, setLeafletOpen] = useState(false);
  // The medicine the form was filled from; its version is the one a save is based on. After a refused
  // save, the medicine loaded again is, once its differences are shown.
  const [filledFrom, setFilledFrom] = useState(medicine);
  const [conflict, setConflict] = useState<{ message: string; typed: FormInput; refusedVersion: number } | null>(null);
  const current = conflict && medicine && medicine.version !== conflict.refusedVersion ? medicine : undefined;
  const basedOn = current?.version ?? conflict?.refusedVersion ?? filledFrom?.version;
  const stockEdited = Boolean(dirtyFields.stock);

  // The stock is the total of the medicine's batches, moved outside this form (a batch change on the
  // same page, a sale, a cancellation). While the admin has not typed a stock of their own, the Stock
  // field follows the medicine each time it is loaded again, so a save never writes an old total back
  // (the server would record it as an adjustment undoing the batch change). A form without edits
  // takes the whole fresh medicine and its version. A form with edits moves onto the fresh version
  // only when the stock is all that changed: the admin's edits are kept and nothing they have not seen
  // is saved over; any other change, or a typed stock, still meets the 409 and the differences below.
  const freshVersion =
    medicine &&
    filledFrom &&
    medicine.version !== filledFrom.version &&
    !conflict &&
    (!isDirty ||
      (!stockEdited && onlyStockMoved(defaultValues(variant, filledFrom), defaultValues(variant, medicine))));
  if (freshVersion) setFilledFrom(medicine);
  useEffect(() => {
    if (!medicine) return;
    const fresh = defaultValues(variant, medicine);
    if (!isDirty && !conflict) reset(fresh);
    else if (!stockEdited) resetField('stock', { defaultValue: fresh.stock });
  }, [medicine, variant, isDirty, conflict, stockEdited, reset, resetField]);

  const submit = handleSubmit(async (values) => {
    const typed = getValues();
    try {
      const body = toFormData(values);
      // The server refuses the update if the medicine has changed since the version it was based on.
      if (basedOn !== undefined) body.append('version', String(basedOn));
      await save(body);
      setConflict(null);
      toast.success(config.successMessage);
      if (config.clearAfterSave) reset(defaultValues(variant));
      onSaved?.();
    } catch (error) {
      // A 409 that names a field (another medicine already is what the form says) is shown at that field,
      // as a 400's messages are; one that names none says the form is stale.
      const stale = errorStatus(error) === 409 && Object.keys(fieldErrors(error)).length === 0;
      if (stale && basedOn !== undefined) {
        // One message, in the form, with the differences once the medicine is loaded again.
        setConflict({ message: errorMessage(error), typed, refusedVersion: basedOn });
        onStale?.();
        return;
      }
      // The server's message says what went wrong; the update form puts its failure title above it.
      if (config.failureTitle) toast.error(config.failureTitle, { description: errorMessage(error) });
      else toast.error(errorMessage(error));
      showServerFieldErrors(error, setError, (field) => {
        const name = SERVER_FIELD_ALIASES[field] ?? field;
        return FORM_FIELDS.has(name) ? (name as Path<FormInput>) : undefined;
      });
    }
  });

  // Switching the image mode clears the other one's value and message, so only the chosen image is sent.
  const modeField = register('imageMode', {
    onChange: (event: { target: { value: ImageMode } }) => {
      if (event.target.value === 'file') {
        setValue('imageUrl', '');
        clearErrors('imageUrl');
      } else {
        setValue('imageFile', null);
        clearErrors('imageFile');
      }
    },
  });

  const previewUrl =
    imageMode === 'file'
      ? (filePreview ?? (medicine && !isHttpUrl(medicine.imageUrl) ? medicine.imageUrl : null))
      : config.urlSchema.safeParse(imageUrl).success
        ? imageUrl
        : null;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_12rem] lg:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <div className="flex min-w-0 flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <fieldset className={groupClasses}>
          <legend className={legendClasses}>Product</legend>
          <TextField label="Name" autoComplete="off" {...field('name')} />
          <TextField label="Developed By" autoComplete="off" {...field('developedBy')} />
          <TextField label="Category" autoComplete="off" list={categoriesId} {...field('category')} />
          <datalist id={categoriesId}>
            {CATEGORIES.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
          <TextField label="Max Expiry (months)" inputMode="numeric" {...field('maxMonthsExpiry')} />
          <TextField label="Stock" inputMode="numeric" {...field('stock')} />
          <TextField label="Price ($)" inputMode="decimal" {...field('price')} />
        </fieldset>

        <fieldset className={groupClasses}>
          <legend className={legendClasses}>What it is</legend>
          {DETAIL_TEXT_FIELDS.map(({ name, label, example }) => (
            <TextField key={name} label={label} autoComplete="off" placeholder={example} {...field(name)} />
          ))}
          <SelectField label="Dosage form" options={DOSAGE_FORM_OPTIONS} {...field('dosageForm')} />
          <TextField
            label="Max per order"
            inputMode="numeric"
            hint="Leave empty for no limit"
            autoComplete="off"
            {...field('maxPerOrder')}
          />
          <label className="flex items-center gap-2 text-sm font-medium text-ink sm:col-span-2">
            <input type="checkbox" className="size-4 accent-brand-700" {...register('prescriptionRequired')} />
            Prescription required
          </label>
        </fieldset>

        {/* Folded: most edits touch the fields above; a section with an error opens it. */}
        <details
          open={leafletOpen || leafletError}
          onToggle={(event) => setLeafletOpen(event.currentTarget.open)}
          className="min-w-0 rounded-lg border border-slate-200"
        >
          <summary className="cursor-pointer px-4 py-3 font-semibold text-ink">
            Leaflet{' '}
            <span className="text-sm font-normal text-muted">
              ({leafletWritten} of {LEAFLET_SECTIONS.length} sections written)
            </span>
          </summary>
          <div className="flex flex-col gap-4 px-4 pb-4">
            {LEAFLET_SECTIONS.map((section) => (
              <TextAreaField key={section} label={LEAFLET_SECTION_LABELS[section]} rows={3} {...field(section)} />
            ))}
          </div>
        </details>

        <fieldset className="min-w-0">
          <legend className={legendClasses}>Image</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {[{ value: 'file', label: 'Upload a file' }, config.urlMode].map((mode) => (
              <label key={mode.value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={mode.value} className="accent-brand-700" {...modeField} />
                {mode.label}
              </label>
            ))}
          </div>
          <div className="mt-3">
            {imageMode === 'file' ? (
              <Controller
                control={control}
                name="imageFile"
                render={({ field, fieldState }) => (
                  <TextField
                    label="Image file"
                    type="file"
                    accept={IMAGE_MIME_TYPES.join(',')}
                    hint={
                      config.fileRequired
                        ? 'PNG, JPEG or WebP'
                        : 'PNG, JPEG or WebP; leave empty to keep the current image'
                    }
                    error={fieldState.error?.message}
                    name={field.name}
                    ref={(input) => {
                      field.ref(input);
                      fileInput.current = input;
                    }}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const file = event.target.files?.[0] ?? null;
                      field.onChange(file);
                      readPreview(file);
                    }}
                  />
                )}
              />
            ) : (
              <TextField label={config.urlMode.label} type="url" placeholder="https://" {...field('imageUrl')} />
            )}
          </div>
        </fieldset>

        {conflict ? (
          <MedicineEditConflict
            message={conflict.message}
            changes={
              current
                ? differences(
                    // A stock the admin did not type follows the current one (above), so it is no difference.
                    stockEdited ? conflict.typed : { ...conflict.typed, stock: String(current.stock) },
                    defaultValues(variant, current),
                  )
                : undefined
            }
            submitLabel={config.submitLabel}
          />
        ) : null}
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : config.submitLabel}
          </Button>
        </div>
      </div>

      <figure className="flex flex-col gap-2 self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-slate-50">
          {previewUrl ? (
            <img src={previewUrl} alt="Preview of the medicine's image" className="size-full object-contain" />
          ) : (
            <span className="px-4 text-center text-sm text-muted">No image chosen</span>
          )}
        </div>
        <figcaption className="text-center text-xs text-muted">Image preview</figcaption>
      </figure>
    </form>
  );
}
