// Components available in every MDX page without an import (see content/README.md). Each one is an
// Astro component: they render to HTML at build time and ship at most a small vanilla script.
import GiftCardBalance from '../../features/gift-card/GiftCardBalance.astro';
import GiveawayImage from '../../features/giveaway/GiveawayImage.astro';
import Button from './Button.astro';
import Image from './Image.astro';
import Phone from './Phone.astro';
import SignedIn from './SignedIn.astro';
import SignedOut from './SignedOut.astro';
import Video from './Video.astro';

export const mdxComponents = {
  Button,
  GiftCardBalance,
  GiveawayImage,
  Image,
  Phone,
  SignedIn,
  SignedOut,
  Video,
};
