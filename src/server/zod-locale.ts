import { z } from 'zod';

// Generic validation messages in Hebrew; schemas give their own wording where the spec names one.
z.config(z.locales.he());
