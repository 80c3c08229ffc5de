const rules = new Intl.PluralRules('he-IL');

type Forms = { one: string; two?: string; other: string };

/**
 * A count in Hebrew by the language's plural rules (Intl.PluralRules 'he-IL'): `{n}` in a form is the number.
 * plural(1, { one: 'משתמש אחד', other: '{n} משתמשים' }) → 'משתמש אחד'.
 */
export function plural(n: number, forms: Forms): string {
  const category = rules.select(n);
  const form = category === 'one' ? forms.one : category === 'two' && forms.two ? forms.two : forms.other;
  return form.replace('{n}', n.toLocaleString('he-IL'));
}
