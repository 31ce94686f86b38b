resource writers "docs-workspace:index:Team" {
  title = "Writers"
  members = [
    {
      user = "ada@example.com"
      role = "owner"
    },
    {
      user = "grace@example.com"
    }
  ]
}
