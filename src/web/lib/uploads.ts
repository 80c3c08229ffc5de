import { apiRequest } from './api-client';

/** Uploads a user photo (own, or any user's for an admin) and resolves to its URL, saved later with the user. */
export const uploadUserImage = (file: File) => {
  const body = new FormData();
  body.append('image', file);
  return apiRequest<{ data: { url: string } }>('/users/image', { body }).then((r) => r.data.url);
};
