/** How a person is named in public: first name and the initial of the last name ('Mariana L.'). */
export function publicName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  // Array.from keeps a letter written with a surrogate pair or a combining accent whole enough.
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
