// Components available in every MDX page without an import (see content/README.md).
export const mdxComponents = {};
