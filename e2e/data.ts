import type { APIRequestContext } from '@playwright/test';
import type { CreatePropertyInput, Property } from '@shared/schemas/property';
import sharp from 'sharp';
import { expect } from './fixtures';

/** A short random tag that makes a test's names its own, so order and reruns cannot change its outcome. */
export const unique = () => Math.random().toString(36).slice(2, 7);

/** A plain-colour photo generated on the spot, ready for setInputFiles or a multipart upload. */
export async function photo(colour: string, name: string, format: 'jpeg' | 'png' = 'png') {
  const image = sharp({ create: { width: 600, height: 400, channels: 3, background: colour } });
  const buffer = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** The id of the demo user with this name or e-mail, read through the admin API. */
export async function userId(request: APIRequestContext, nameOrEmail: string) {
  const users = (await (await request.get('/api/v1/users')).json()).data.data as {
    _id: string;
    name: string;
    email: string;
  }[];
  const user = users.find((u) => u.name === nameOrEmail || u.email === nameOrEmail);
  expect(user, `a user named ${nameOrEmail}`).toBeTruthy();
  return user!._id;
}

/**
 * A property created through the admin API (the request must carry an admin's cookie), with these photos
 * uploaded in order. Fields not given are those of a plain sale flat.
 */
export async function createProperty(
  request: APIRequestContext,
  fields: Partial<CreatePropertyInput> & { address: string },
  photos: { name: string; mimeType: string; buffer: Buffer }[] = [],
) {
  const res = await request.post('/api/v1/property', {
    data: { typeTransaction: 'מכירה', city: 'חיפה', price: 1_500_000, category: 'דירה', ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()).data.data as Property)._id;
  for (const file of photos) {
    const upload = await request.post(`/api/v1/property/${id}/images`, { multipart: { images: file } });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  return id;
}

/** A property as the API answers it. */
export async function readProperty(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/v1/property/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.data as Property;
}
