import { type Property, propertyFieldsSchema } from '@shared/schemas/property';
import { groupDigits, ungroupDigits } from '@web/lib/format';
import { z } from 'zod';

/**
 * The property forms (wizard and edit card) on the shared property schema: controls hold text as typed,
 * and each field is turned into the API's value, then checked by the server's own rule for it.
 */
const fields = propertyFieldsSchema.shape;

/** A number control's text: empty is null, anything else a number for the shared rule to judge. */
const numberText = <T extends z.ZodType<unknown, number | null>>(rule: T) =>
  z
    .string()
    .transform((value) => (value.trim() === '' ? null : Number(value)))
    .pipe(rule);
/** A typed price: its separators are the form's own, not part of the number. */
const priceText = <T extends z.ZodType<unknown, number>>(rule: T) =>
  z
    .string()
    .transform((value) => (ungroupDigits(value) === '' ? Number.NaN : Number(ungroupDigits(value))))
    .pipe(rule);
const emptyIsNull = <T extends z.ZodType<unknown, string | null>>(rule: T) =>
  z
    .string()
    .transform((value) => value.trim() || null)
    .pipe(rule);
const text = <T extends z.ZodType<unknown, string>>(rule: T) => z.string().pipe(rule);

export const propertyFormSchema = z.object({
  typeTransaction: text(fields.typeTransaction),
  sold: fields.sold,
  pinuy_binuy: fields.pinuy_binuy,
  exclusive: fields.exclusive,
  yad2: emptyIsNull(fields.yad2),
  city: fields.city,
  address: fields.address,
  price: priceText(fields.price),
  category: text(fields.category),
  rooms: numberText(fields.rooms),
  floor: emptyIsNull(fields.floor),
  size: numberText(fields.size),
  buildingFloors: numberText(fields.buildingFloors),
  neighbourhood: emptyIsNull(fields.neighbourhood),
  entryDate: emptyIsNull(fields.entryDate),
  propertyCondition: emptyIsNull(fields.propertyCondition),
  features: fields.features,
  description: fields.description,
  agent: emptyIsNull(fields.agent),
  agentSecend: emptyIsNull(fields.agentSecend),
});
export type PropertyFormInput = z.input<typeof propertyFormSchema>;
export type PropertyFormOutput = z.output<typeof propertyFormSchema>;
export type PropertyField = keyof PropertyFormInput;

/** The edit card's starting values: the property as the controls show it. */
export const formValuesOf = (p: Property): PropertyFormInput => ({
  typeTransaction: p.typeTransaction,
  sold: p.sold,
  pinuy_binuy: p.pinuy_binuy,
  exclusive: p.exclusive,
  yad2: p.yad2 ?? '',
  city: p.city,
  address: p.address,
  price: groupDigits(String(p.price)),
  category: p.category,
  rooms: p.rooms === null ? '' : String(p.rooms),
  floor: p.floor ?? '',
  size: p.size === null ? '' : String(p.size),
  buildingFloors: p.buildingFloors === null ? '' : String(p.buildingFloors),
  neighbourhood: p.neighbourhood ?? '',
  entryDate: p.entryDate ?? '',
  propertyCondition: p.propertyCondition ?? '',
  features: p.features,
  description: p.description,
  agent: p.agent?._id ?? '',
  agentSecend: p.agentSecend?._id ?? '',
});

/** The creation wizard: every field but the sold and exclusive flags (new properties start without them). */
export const wizardSchema = propertyFormSchema
  .omit({ sold: true, exclusive: true })
  .extend({ images: z.array(z.custom<File>()) });
export type WizardInput = z.input<typeof wizardSchema>;
export type WizardOutput = z.output<typeof wizardSchema>;
export type WizardField = keyof WizardInput;

export const emptyWizard = (): WizardInput => ({
  typeTransaction: '',
  city: '',
  address: '',
  agent: '',
  agentSecend: '',
  pinuy_binuy: false,
  category: '',
  rooms: '',
  floor: '',
  size: '',
  buildingFloors: '',
  neighbourhood: '',
  entryDate: '',
  propertyCondition: '',
  features: [],
  description: '',
  price: '',
  yad2: '',
  images: [],
});

/** The fields of each wizard step, in the order they appear. */
export const WIZARD_STEP_FIELDS: readonly (readonly WizardField[])[] = [
  ['typeTransaction', 'city', 'neighbourhood', 'address', 'agent', 'agentSecend'],
  ['pinuy_binuy', 'category'],
  ['rooms', 'floor', 'buildingFloors', 'size'],
  ['entryDate', 'propertyCondition', 'features'],
  ['description', 'price', 'yad2', 'images'],
];
const WIZARD_FIELD_ORDER = WIZARD_STEP_FIELDS.flat();

/** The form field a server error key names ('features.2' is the features list), or null if none. */
export function fieldOfKey<F extends string>(key: string, known: readonly F[]): F | null {
  const root = key.split('.')[0] as F;
  return known.includes(root) ? root : null;
}

/** The wizard's fields that have errors, in the order the wizard shows them. */
export const wizardFieldsInOrder = (names: Iterable<string>) => {
  const set = new Set(names);
  return WIZARD_FIELD_ORDER.filter((name) => set.has(name));
};

/** The step (0-based) that holds a field. */
export const stepOfField = (name: WizardField) => WIZARD_STEP_FIELDS.findIndex((step) => step.includes(name));

/** The multipart body of POST /property: scalars, repeated `features`, repeated `images`; empties omitted. */
export function toFormData(values: WizardOutput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'images' || key === 'features' || value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') form.append(key, text);
  }
  for (const feature of values.features) form.append('features', feature);
  for (const image of values.images) form.append('images', image, image.name);
  return form;
}

/**
 * The server's answer as field errors: `fieldErrors` keys mapped to form fields (first message wins);
 * a refused upload (413, 415) is the images field's error; whatever names no field is `other`.
 */
export function serverFieldErrors<F extends string>(
  err: { status: number; message: string; fieldErrors: Record<string, string> },
  known: readonly F[],
  uploadField?: F,
) {
  const byField = new Map<F, string>();
  const other: string[] = [];
  for (const [key, message] of Object.entries(err.fieldErrors)) {
    const field = fieldOfKey(key, known);
    if (field === null) other.push(message);
    else if (!byField.has(field)) byField.set(field, message);
  }
  if (uploadField && (err.status === 413 || err.status === 415) && byField.size === 0)
    byField.set(uploadField, err.message);
  return { byField, other };
}
