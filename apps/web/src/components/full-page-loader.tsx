import { Center, Loader } from '@mantine/core';

// Shown while configuration, the user, permissions or strings load: no text, since strings may not be there yet.
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-busy="true">
      <Loader size="md" type="dots" />
    </Center>
  );
}

export function ContentLoader() {
  return (
    <Center mih={320} role="status" aria-busy="true">
      <Loader size="sm" type="dots" />
    </Center>
  );
}
