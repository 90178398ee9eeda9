type Named = { first_name: string; last_name: string; email: string };

// Avatar initials: first and last name when known, else the first letter of the e-mail.
export function initialsOf(user: Named): string {
  const fromName = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

export function displayNameOf(user: Named): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
