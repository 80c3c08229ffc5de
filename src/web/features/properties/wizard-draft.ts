/** The wizard's form state: text as typed, so empty values can be left out of the submission. */
export type WizardDraft = {
  typeTransaction: string;
  city: string;
  address: string;
  agent: string;
  agentSecend: string;
  pinuy_binuy: boolean;
  category: string;
  rooms: string;
  floor: string;
  size: string;
  entryDate: string;
  propertyCondition: string;
  features: string[];
  description: string;
  price: string;
  yad2: string;
  images: File[];
};

export const emptyDraft = (): WizardDraft => ({
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
  entryDate: '',
  propertyCondition: '',
  features: [],
  description: '',
  price: '',
  yad2: '',
  images: [],
});

/** The multipart body of POST /property: scalars, repeated `features`, repeated `images`; empties omitted. */
export function toFormData(draft: WizardDraft): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(draft)) {
    if (key === 'images' || key === 'features') continue;
    if (typeof value === 'boolean') form.append(key, String(value));
    else if (typeof value === 'string' && value.trim() !== '') form.append(key, value.trim());
  }
  for (const feature of draft.features) form.append('features', feature);
  for (const image of draft.images) form.append('images', image, image.name);
  return form;
}
