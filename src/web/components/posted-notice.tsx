/** The outcome of a form posted without JavaScript, in the page the server answered with. */
export function PostedNotice({
  sent,
  success,
  message,
}: {
  sent: boolean;
  success: string;
  message?: string;
}) {
  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 font-semibold text-green-900">
        {success}
      </p>
    );
  }
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
      {message}
    </p>
  );
}
