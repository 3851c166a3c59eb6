from fracas_cli import main

main()
