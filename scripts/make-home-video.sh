#!/usr/bin/env bash
# Renders the home page's own clips into public/media/home/ (product.md 2.5); the files are committed,
# not made at build. `hero`: the hero's background loop and poster, an abstract brand-green field with a
# slow yellow streak, 8 s, periodic in time so it loops without a seam (hero.webm VP9, hero.mp4 H.264,
# poster). `tabs`: a short clip for each video tab that has no published video (video-<id>.mp4, H.264 with
# faststart, 640x360, 6 s, some 100 KB each), each in its tab's colours. No argument: both.
# Needs ffmpeg (Debian: apt-get install -y ffmpeg).
set -euo pipefail
out="$(dirname "$0")/../public/media/home"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
vignette="1-0.5*(pow(X/W-0.5,2)+pow(Y/H-0.5,2))"

hero() {
  local wave="(0.5+0.5*sin(2*PI*((X+0.6*Y)/W*1.2-T/8)))"
  local streak="pow(max(0,sin(2*PI*((X-0.5*Y)/W*0.8-T/4))),14)"
  ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=854x480:r=24:d=8,format=gbrp" \
    -vf "geq=r='($streak*140)*($vignette)':g='(61+61*$wave+$streak*(198-61-61*$wave)*0.55)*($vignette)':b='(31+30*$wave+$streak*(41-31-30*$wave)*0.55)*($vignette)',format=yuv420p" \
    -c:v ffv1 "$tmp/src.mkv"
  ffmpeg -y -loglevel error -i "$tmp/src.mkv" -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -an "$out/hero.webm"
  ffmpeg -y -loglevel error -i "$tmp/src.mkv" -c:v libx264 -preset slow -crf 30 -profile:v main \
    -pix_fmt yuv420p -movflags +faststart -an "$out/hero.mp4"
  ffmpeg -y -loglevel error -i "$tmp/src.mkv" -frames:v 1 -c:v libwebp -quality 60 "$out/hero-poster.webp"
  ls -l "$out"/hero*
}

# One tab's clip: a field of the base colour (r g b) with soft rings of the accent colour moving
# outward from the centre, 6 s.
tab_clip() {
  local id="$1" r="$2" g="$3" b="$4" ar="$5" ag="$6" ab="$7"
  local rings="pow(0.5+0.5*sin(2*PI*(hypot(X-W/2,Y-H/2)/W*3-T/3)),6)"
  ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=640x360:r=24:d=6,format=gbrp" \
    -vf "geq=r='($r+($ar-$r)*$rings)*($vignette)':g='($g+($ag-$g)*$rings)*($vignette)':b='($b+($ab-$b)*$rings)*($vignette)',format=yuv420p" \
    -c:v libx264 -preset slow -crf 32 -profile:v main -pix_fmt yuv420p -movflags +faststart -an \
    "$out/video-$id.mp4"
  ls -l "$out/video-$id.mp4"
}

tabs() {
  tab_clip fueling-discovery 0 98 47 255 199 44   # brand green, yellow
  tab_clip gift-card 178 18 34 255 255 255        # brand red, white
  tab_clip fleet-fueling 16 40 64 0 160 90        # night blue, green
}

case "${1:-all}" in
  hero) hero ;;
  tabs) tabs ;;
  all) hero && tabs ;;
  *) echo "usage: $0 [hero|tabs]" >&2 && exit 2 ;;
esac
