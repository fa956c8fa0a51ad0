#!/usr/bin/env bash
# Renders the home hero's background loop and poster into public/media/home/ (product.md 2.5): an abstract
# brand-green field with a slow yellow streak, 8 s, periodic in time so it loops without a seam.
# Needs ffmpeg (Debian: apt-get install -y ffmpeg). Output: hero.webm (VP9), hero.mp4 (H.264), poster.
set -euo pipefail
out="$(dirname "$0")/../public/media/home"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
vignette="1-0.5*(pow(X/W-0.5,2)+pow(Y/H-0.5,2))"
wave="(0.5+0.5*sin(2*PI*((X+0.6*Y)/W*1.2-T/8)))"
streak="pow(max(0,sin(2*PI*((X-0.5*Y)/W*0.8-T/4))),14)"
ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=854x480:r=24:d=8,format=gbrp" \
  -vf "geq=r='($streak*140)*($vignette)':g='(61+61*$wave+$streak*(198-61-61*$wave)*0.55)*($vignette)':b='(31+30*$wave+$streak*(41-31-30*$wave)*0.55)*($vignette)',format=yuv420p" \
  -c:v ffv1 "$tmp/src.mkv"
ffmpeg -y -loglevel error -i "$tmp/src.mkv" -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -an "$out/hero.webm"
ffmpeg -y -loglevel error -i "$tmp/src.mkv" -c:v libx264 -preset slow -crf 30 -profile:v main \
  -pix_fmt yuv420p -movflags +faststart -an "$out/hero.mp4"
ffmpeg -y -loglevel error -i "$tmp/src.mkv" -frames:v 1 -c:v libwebp -quality 60 "$out/hero-poster.webp"
ls -l "$out"/hero*
