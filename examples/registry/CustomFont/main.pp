resource brand "docs-workspace:index:CustomFont" {
  fontFamily = "Acme Sans"
  fontFaces = [
    {
      weight     = 400
      storageKey = "fonts/acme-sans-regular.woff2"
    },
    {
      weight     = 700
      storageKey = "fonts/acme-sans-bold.woff2"
    }
  ]
}

resource docs "docs-workspace:index:Site" {
  title = "Engineering docs"
}

resource look "docs-workspace:index:SiteCustomization" {
  siteId = docs.id
  styling = {
    customFontId = brand.id
  }
}
